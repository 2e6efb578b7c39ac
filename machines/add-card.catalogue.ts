import { ADD_CARD_FIELDS, addCardMachine } from './add-card.machine';
import type { SnapshotFrom } from 'xstate';
import * as deposits from './deposits/samples';
import { entry } from './catalogue-entry';
import { resolves } from './catalogue-samples';

/**
 * The add-card form: where it is, how many fields pass their rule (not which: filling them in any order reaches
 * the same states), how many messages show, and whether the form-level message is a decline.
 */
const addCardKey = (snapshot: SnapshotFrom<typeof addCardMachine>) => {
  const { values, errors, message, declined } = snapshot.context;
  const good = ADD_CARD_FIELDS.filter((f) => values[f] === deposits.goodCard[f]).length;
  return JSON.stringify({ value: snapshot.value, good, errors: Object.keys(errors).length, message: message !== null, declined });
};

/** The flow atlas entry of `add-card` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: addCardMachine,
  purpose: 'Add a card: name (two words), number (15/16 digits, Luhn), expiry, CVV, country, postal code by the shared rules; the processor validates it with no charge → card added, or its decline text.',
  views: ['src/features/wallet/add-card-page.tsx', 'src/features/wallet/add-card-form.tsx'],
  operations: { addCard: ['addCard'] },
  tests: ['tests/unit/machines/wallet-views.test.ts', 'tests/unit/machines/add-money-view.test.ts', 'tests/e2e/wallet-deposits.spec.ts', 'tests/api/cards.test.ts'],
  fake: () => addCardMachine.provide({ actors: { addCard: resolves(deposits.addedCard) } }),
  inputs: { fromSettings: { today: deposits.TODAY, country: 'US' } },
  events: {
    // Each field right, then a number that fails the Luhn check.
    CHANGE: [
      ...(Object.keys(deposits.goodCard) as Array<keyof typeof deposits.goodCard>).map((field) => ({
        type: 'CHANGE' as const,
        field,
        value: deposits.goodCard[field],
      })),
      { type: 'CHANGE', field: 'number', value: '4242 4242 4242 4241' },
    ],
    SUBMIT: { type: 'SUBMIT' },
  },
  invokeResults: { addCard: { done: [deposits.addedCard], error: [deposits.cardDeclined, deposits.badNumber, deposits.offline] } },
  serializeState: addCardKey,
});
