/**
 * Test oracle: these rules as arktype types, as domain/ had them before session 4 replaced them with plain checks
 * (domain/rules/checks.ts) to keep arktype out of the web app. tests/unit/domain/rules-parity.test.ts
 * runs both over a generated corpus and wants the same problems for every input. The pure helpers (check digits,
 * formats, message keys) come from domain/, so only the composition is repeated here: when a rule changes on
 * purpose, change it here too.
 */
import { type } from 'arktype';

const PurchaseShape = type({
  creatorUsername: '0 < string <= 30',
  'amount?': /^(0|[1-9][0-9]{0,6})(\.[0-9]{1,2})?$/,
  'pricePointId?': '0 < string <= 64',
  '+': 'delete',
});

export function readPurchase(value: unknown): typeof PurchaseShape.infer | null {
  let candidate = value;
  if (typeof value === 'string') {
    try {
      candidate = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const out = PurchaseShape(candidate);
  return out instanceof type.errors ? null : out;
}
