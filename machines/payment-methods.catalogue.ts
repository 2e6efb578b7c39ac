import * as deposits from './deposits/samples';
import { paymentMethodsMachine } from './payment-methods.machine';
import { entry } from './catalogue-entry';
import { offline, resolves, succeeds } from './catalogue-samples';

/** The flow atlas entry of `payment-methods` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: paymentMethodsMachine,
  purpose: "The user's cards; remove one after a No / Yes confirmation → 'card removed' (one already gone counts as removed).",
  views: ['src/features/wallet/payment-methods-page.tsx'],
  operations: { loadCards: ['listCards'], removeCard: ['removeCard'] },
  tests: ['tests/unit/machines/payment-methods-view.test.ts', 'tests/e2e/wallet-deposits.spec.ts', 'tests/api/cards.test.ts'],
  fake: () => paymentMethodsMachine.provide({ actors: { loadCards: resolves([deposits.savedCard]), removeCard: succeeds() } }),
  events: {
    RETRY: { type: 'RETRY' },
    // A listed card, and one that is not (ignored).
    REMOVE: [
      { type: 'REMOVE', cardId: deposits.savedCard.id },
      { type: 'REMOVE', cardId: 'card-9' },
    ],
    CANCEL: { type: 'CANCEL' },
    CONFIRM: { type: 'CONFIRM' },
  },
  invokeResults: {
    loadCards: { done: [[deposits.savedCard]], error: [offline] },
    removeCard: { done: [undefined], error: [deposits.cardNotFound, offline] },
  },
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, cards: snapshot.context.cards.length, removing: snapshot.context.removing?.id ?? null }),
});
