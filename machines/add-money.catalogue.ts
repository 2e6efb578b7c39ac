import type { SnapshotFrom } from 'xstate';
import { addCardMachine } from './add-card.machine';
import { addMoneyMachine, depositAmountProblem } from './add-money.machine';
import * as deposits from './deposits/samples';
import { entry } from './catalogue-entry';
import { offline, resolves } from './catalogue-samples';

/** Add money: the step, whether a card is chosen, the amount as the amount step's guards see it, the messages. */
const addMoneyKey = (snapshot: SnapshotFrom<typeof addMoneyMachine>) => {
  const c = snapshot.context;
  const inCard = snapshot.matches('card');
  return JSON.stringify({
    value: snapshot.value,
    cards: inCard ? c.cards.length : undefined,
    cardId: inCard ? c.cardId : undefined,
    // The exact text only while it is typed; later only whether it is a valid deposit.
    amount: snapshot.matches({ card: 'amount' }) ? c.amount : depositAmountProblem(c.amount) === null,
    errors: Object.keys(c.errors),
    failure: c.failure !== null,
    copied: snapshot.matches('usdt') ? c.copied : undefined,
  });
};

/** The flow atlas entry of `add-money` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: addMoneyMachine,
  purpose: 'Add money by card (choose or add a card, amount, confirm with the 5% fee and total, processing, done or declined) or by USDT (address with copy and QR code, pending until confirmed, done).',
  views: ['src/features/wallet/add-money-page.tsx'],
  operations: { loadCards: ['listCards'], addCard: ['addCard'], createCardDeposit: ['createCardDeposit'], watchDeposit: ['getDeposit'], loadUsdtAddress: ['getUsdtDepositAddress'], watchUsdtArrival: ['listDeposits'] },
  tests: ['tests/unit/machines/add-money-view.test.ts', 'tests/unit/machines/step-meta.test.ts', 'tests/e2e/wallet-deposits.spec.ts', 'tests/api/deposits.test.ts'],
  fake: () =>
    addMoneyMachine.provide({
      actors: {
        loadCards: resolves([deposits.savedCard]),
        addCard: addCardMachine.provide({ actors: { addCard: resolves(deposits.addedCard) } }),
        createCardDeposit: resolves(deposits.cardDeposit('processing')),
        watchDeposit: resolves(deposits.cardDeposit('complete')),
        loadUsdtAddress: resolves(deposits.usdtAddress),
        watchUsdtArrival: resolves(deposits.usdtDeposit('created', 0)),
      },
    }),
  inputs: { signedIn: { flowId: 'flow-1', today: deposits.TODAY, country: 'US' } },
  events: {
    CHOOSE_CARD: { type: 'CHOOSE_CARD' },
    CHOOSE_USDT: { type: 'CHOOSE_USDT' },
    // The user's card, and one that is not theirs (ignored).
    SELECT_CARD: [
      { type: 'SELECT_CARD', cardId: deposits.savedCard.id },
      { type: 'SELECT_CARD', cardId: 'card-9' },
    ],
    ADD_CARD: { type: 'ADD_CARD' },
    CANCEL: { type: 'CANCEL' },
    // $50 (charged $52.50), below the $1 minimum, and a keystroke the field refuses.
    CHANGE_AMOUNT: [
      { type: 'CHANGE_AMOUNT', value: '50' },
      { type: 'CHANGE_AMOUNT', value: '0.50' },
      { type: 'CHANGE_AMOUNT', value: '50.505' },
    ],
    NEXT: { type: 'NEXT' },
    BACK: { type: 'BACK' },
    CONFIRM: { type: 'CONFIRM' },
    RETRY: { type: 'RETRY' },
    COPY: { type: 'COPY' },
    CHANGE_CARD: { type: 'CHANGE_CARD' },
  },
  invokeResults: {
    // One card, and none yet (the card step then asks for one).
    loadCards: { done: [[deposits.savedCard], []], error: [offline] },
    addCard: { done: [deposits.addedCard] },
    createCardDeposit: { done: [deposits.cardDeposit('processing')], error: [deposits.cardDeclined, offline] },
    watchDeposit: { done: [deposits.cardDeposit('complete'), deposits.cardDeposit('failed', 'generic_decline')], error: [offline] },
    loadUsdtAddress: { done: [deposits.usdtAddress], error: [offline] },
    watchUsdtArrival: { done: [deposits.usdtDeposit('created', 0)], error: [offline] },
  },
  serializeState: addMoneyKey,
});
