import { type } from 'arktype';

/**
 * A purchase a visitor started on a creator's public page (contract schema `Purchase`): carried into sign-up as
 * `?purchase=<URL-encoded JSON>` or router state `{ purchase }`, stored with the new account, resumed after set-up.
 */
export const PurchaseShape = type({
  creatorUsername: '0 < string <= 30',
  'amount?': /^(0|[1-9][0-9]{0,6})(\.[0-9]{1,2})?$/,
  'pricePointId?': '0 < string <= 64',
  '+': 'delete',
});

export type Purchase = typeof PurchaseShape.infer;

/** A purchase from untrusted input (a query parameter, history state); anything malformed is no purchase. */
export function readPurchase(value: unknown): Purchase | null {
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
