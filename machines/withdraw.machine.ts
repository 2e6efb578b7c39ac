import { assign, setup } from 'xstate';
import type { components } from '../openapi/schema';
import { acceptsAmountInput, centsFromInput } from '../domain/money/amount-input';
import { formatAmount } from '../domain/money/amount';
import { WITHDRAWAL_MAX_EXCLUSIVE_CENTS, WITHDRAWAL_MIN_EXCLUSIVE_CENTS } from '../domain/limits';
import { errorOf, failureCode } from './forms/api-failure';
import type { FormMessage } from './forms/field-errors';
import { failureMessage } from './payments/payment-form';
import { idempotencyKeyFor } from './payments/idempotency-key';
import { hostActor } from './forms/host-actor';

/**
 * Withdraw (issue 6, spec 5 and 8): amount (more than $20, less than $10,000, not above the available balance —
 * the spec's two messages) → destination (the bank account or the linked payout account) → confirm → the
 * withdrawal is created (the server then moves it to processing). While the name on the bank account does not
 * match the user's (the spec's bank info warning) the flow is blocked: the server refuses every withdrawal then,
 * so the screen says why up front instead of after the confirm. The server checks everything again under its
 * lock; its refusals (above balance, the mismatch) bring the user back to the step that explains them.
 * The Idempotency-Key comes from the flow id and the exact body, so a retry after a lost answer cannot withdraw twice.
 * A destination set or changed less than 24 hours ago does not take withdrawals yet (issue 21): the flow says when
 * it opens before the amount is typed (`notOpenYet` when no destination is open; otherwise that one cannot be
 * chosen), and the server's 409 `destination_not_open_yet` at submit reads the setup again, which lands there.
 *
 * Issue 22 item 12, the withdrawal stays in the task: with nowhere to send money at all, the amount is asked first
 * and Next opens the bank wizard (`toBankWizard`, the host carries the amount along); the wizard comes back here
 * with it (`input.amount`), so nothing typed is lost — then, the new account being less than 24 hours old, the
 * screen says when it opens, with the amount still there. The confirm step states when the money leaves and that
 * it can be cancelled until then (withdraw.view.ts `withdrawalTimeline`, the server's cancellation window).
 */
export type WithdrawDestination = 'bank_account' | 'payout_account';

/** What the flow needs to know before the first step: the balance and where money can go. */
export interface WithdrawSetup {
  availableCents: number;
  /** When this setup was read (the host's clock): what `withdrawalsOpenAt` is compared with. */
  checkedAt: string;
  /** The bank account as shown (bank and last four), or null when there is none. */
  bankAccount: { label: string; nameMismatch: boolean; withdrawalsOpenAt: string } | null;
  payoutAccount: { label: string; withdrawalsOpenAt: string } | null;
}

/** When withdrawals to this destination open, if that is still ahead; null when open (or absent). */
export function opensLater(setup: WithdrawSetup | null, destination: WithdrawDestination): string | null {
  const account = destination === 'bank_account' ? setup?.bankAccount : setup?.payoutAccount;
  if (!setup || !account) return null;
  return Date.parse(account.withdrawalsOpenAt) > Date.parse(setup.checkedAt) ? account.withdrawalsOpenAt : null;
}

export interface CreatedWithdrawal {
  id: string;
  status: string;
  amount: string;
  createdAt: string;
  /** The server's answer, for the receipt the success screen shows (issue 22 item 7); samples may leave it out. */
  withdrawal?: components['schemas']['Withdrawal'];
}

export interface WithdrawRequest {
  idempotencyKey: string;
  body: { amount: string; destination: WithdrawDestination };
}

export interface WithdrawInput {
  /** A random id of this screen, from the host: the root of the Idempotency-Keys. */
  flowId: string;
  /** The amount typed before the bank wizard was opened from here (issue 22 item 12), given back on return. */
  amount?: string;
}

type WithdrawErrors = Partial<Record<'amount' | 'destination', FormMessage>>;

export interface WithdrawContext {
  flowId: string;
  setup: WithdrawSetup | null;
  amount: string;
  destination: WithdrawDestination | null;
  errors: WithdrawErrors;
  failure: FormMessage | null;
  created: CreatedWithdrawal | null;
}

export type WithdrawEvent =
  | { type: 'CHANGE_AMOUNT'; value: string }
  | { type: 'SELECT_DESTINATION'; destination: WithdrawDestination }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' };

/** Nowhere to send money at all: neither a bank account nor a payout account (not merely one not open yet). */
const noDestinationAtAll = (setup: WithdrawSetup | null) => !setup?.bankAccount && !setup?.payoutAccount;

/** Digits before the point: $9,999.99 is the most one withdrawal takes, so five is enough to type 10000 and be told. */
const WITHDRAW_WHOLE_DIGITS = 5;

const WITHDRAW_RULE = {
  required: { key: 'wallet:rules.required' },
  range: { key: 'wallet:errors.withdrawal_amount_out_of_range' },
  aboveBalance: { key: 'wallet:errors.withdrawal_above_balance' },
  destination: { key: 'withdrawals:rules.destination_required' },
} as const satisfies Record<string, FormMessage>;

/** The amount's problem, in the spec's order: a number at all, then the range, then the balance. */
function withdrawAmountProblem(text: string, availableCents: number): FormMessage | null {
  const cents = centsFromInput(text);
  if (cents === null) return WITHDRAW_RULE.required;
  if (cents <= WITHDRAWAL_MIN_EXCLUSIVE_CENTS || cents >= WITHDRAWAL_MAX_EXCLUSIVE_CENTS) return WITHDRAW_RULE.range;
  // The whole balance may go (docs/money.md "Withdrawals"); more may not.
  if (cents > availableCents) return WITHDRAW_RULE.aboveBalance;
  return null;
}

function withdrawRequestOf(context: WithdrawContext): WithdrawRequest {
  const body = { amount: formatAmount(centsFromInput(context.amount) ?? 0), destination: context.destination ?? 'bank_account' };
  return { idempotencyKey: idempotencyKeyFor(context.flowId, body), body };
}

/** There, and open for withdrawals. */
const destinationAvailable = (setup: WithdrawSetup | null, destination: WithdrawDestination) =>
  (destination === 'bank_account' ? setup?.bankAccount != null : setup?.payoutAccount != null) && opensLater(setup, destination) === null;

const DESTINATIONS: WithdrawDestination[] = ['bank_account', 'payout_account'];

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    input: {} as WithdrawInput,
  },
  actors: {
    loadSetup: hostActor<WithdrawSetup, void>('loadSetup'),
    createWithdrawal: hostActor<CreatedWithdrawal, WithdrawRequest>('createWithdrawal'),
  },
  guards: {
    // Read from the answer: the guard runs before the setup is stored.
    bankInfoMismatch: (_, setup: WithdrawSetup) => setup.bankAccount?.nameMismatch === true,
    noDestinationOpen: (_, setup: WithdrawSetup) => !DESTINATIONS.some((d) => destinationAvailable(setup, d)),
    nothingSetUp: (_, setup: WithdrawSetup) => noDestinationAtAll(setup),
    amountValidWithoutDestination: ({ context }) =>
      withdrawAmountProblem(context.amount, context.setup?.availableCents ?? 0) === null && noDestinationAtAll(context.setup),
    amountTaken: ({ event }) => event.type === 'CHANGE_AMOUNT' && acceptsAmountInput(event.value, WITHDRAW_WHOLE_DIGITS),
    amountIsValid: ({ context }) => withdrawAmountProblem(context.amount, context.setup?.availableCents ?? 0) === null,
    destinationAvailable: ({ context, event }) => event.type === 'SELECT_DESTINATION' && destinationAvailable(context.setup, event.destination),
    hasDestination: ({ context }) => context.destination !== null && destinationAvailable(context.setup, context.destination),
    refusedForMismatch: ({ event }) => failureCode(errorOf(event)) === 'bank_info_mismatch',
    refusedAboveBalance: ({ event }) => failureCode(errorOf(event)) === 'withdrawal_above_balance',
    refusedNotOpenYet: ({ event }) => failureCode(errorOf(event)) === 'destination_not_open_yet',
  },
  actions: {
    storeSetup: assign(({ context }, setup: WithdrawSetup) => {
      // The only open destination there is is chosen already; a choice that is no longer possible is dropped.
      const open = DESTINATIONS.filter((d) => destinationAvailable(setup, d));
      const only = open.length === 1 ? open[0]! : null;
      const kept = context.destination && destinationAvailable(setup, context.destination) ? context.destination : only;
      return { setup, destination: kept };
    }),
    setAmount: assign(({ event }) => (event.type === 'CHANGE_AMOUNT' ? { amount: event.value, errors: {} } : {})),
    showAmountProblem: assign(({ context }) => ({
      errors: { amount: withdrawAmountProblem(context.amount, context.setup?.availableCents ?? 0)! },
    })),
    selectDestination: assign(({ event }) => (event.type === 'SELECT_DESTINATION' ? { destination: event.destination, errors: {} } : {})),
    showDestinationRequired: assign({ errors: { destination: WITHDRAW_RULE.destination } }),
    showAboveBalance: assign({ errors: { amount: WITHDRAW_RULE.aboveBalance }, failure: null }),
    clearErrors: assign({ errors: {}, failure: null }),
    showFailure: assign({ failure: ({ event }) => failureMessage(errorOf(event)) }),
    storeCreated: assign((_, created: CreatedWithdrawal) => ({ created })),
    // Host effects: focus the first message; tell the wallet screens that the balance changed.
    focusFirstError: () => {},
    announceCreated: () => {},
    /** Opens the bank wizard, which comes back to this screen with `amount` (WithdrawInput.amount). */
    openBankWizard: (_, _params: { amount: string }) => {},
  },
}).createMachine({
  id: 'withdraw',
  context: ({ input }) => ({
    flowId: input.flowId,
    setup: null,
    amount: input.amount ?? '',
    destination: null,
    errors: {},
    failure: null,
    created: null,
  }),
  initial: 'loading',
  states: {
    // The balance and the destinations, read afresh: they may have changed since the wallet screen was drawn.
    loading: {
      invoke: {
        src: 'loadSetup',
        onDone: [
          { guard: { type: 'bankInfoMismatch', params: ({ event }) => event.output }, target: 'blocked', actions: { type: 'storeSetup', params: ({ event }) => event.output } },
          // Nothing set up yet: the amount first; its Next opens the bank wizard.
          { guard: { type: 'nothingSetUp', params: ({ event }) => event.output }, target: 'amount', actions: { type: 'storeSetup', params: ({ event }) => event.output } },
          { guard: { type: 'noDestinationOpen', params: ({ event }) => event.output }, target: 'notOpenYet', actions: { type: 'storeSetup', params: ({ event }) => event.output } },
          { target: 'amount', actions: { type: 'storeSetup', params: ({ event }) => event.output } },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    // Spec 8: a mismatch with the bank account prevents withdrawals, whichever the destination. RETRY reads again
    // once the user has corrected the bank account or their name (the screen links to both).
    blocked: {
      on: { RETRY: 'loading' },
    },
    // Issue 21: no destination takes withdrawals yet (set less than 24 hours ago); the screen says when it opens
    // instead of asking for an amount. RETRY reads again (after that time).
    notOpenYet: {
      on: { RETRY: 'loading' },
    },
    amount: {
      meta: { step: 0 },
      on: {
        CHANGE_AMOUNT: { guard: 'amountTaken', actions: 'setAmount' },
        NEXT: [
          {
            guard: 'amountValidWithoutDestination',
            target: 'toBankWizard',
            actions: { type: 'openBankWizard', params: ({ context }) => ({ amount: context.amount }) },
          },
          { guard: 'amountIsValid', target: 'destination', actions: 'clearErrors' },
          { actions: ['showAmountProblem', 'focusFirstError'] },
        ],
      },
    },
    // The host has opened the bank wizard with the amount; this screen comes back with it when the wizard is done.
    toBankWizard: { type: 'final' },
    destination: {
      meta: { step: 1 },
      on: {
        SELECT_DESTINATION: { guard: 'destinationAvailable', actions: 'selectDestination' },
        NEXT: [
          { guard: 'hasDestination', target: 'confirm', actions: 'clearErrors' },
          { actions: ['showDestinationRequired', 'focusFirstError'] },
        ],
        BACK: { target: 'amount', actions: 'clearErrors' },
      },
    },
    confirm: {
      meta: { step: 2 },
      on: {
        CONFIRM: 'submitting',
        BACK: 'destination',
      },
    },
    submitting: {
      meta: { step: 2 },
      invoke: {
        src: 'createWithdrawal',
        input: ({ context }) => withdrawRequestOf(context),
        onDone: { target: 'created', actions: [{ type: 'storeCreated', params: ({ event }) => event.output }, 'announceCreated'] },
        onError: [
          // The bank account changed since the flow began: read again, which lands on the warning.
          { guard: 'refusedForMismatch', target: 'loading', actions: 'clearErrors' },
          // The destination was changed meanwhile (the server counts 24 hours from then): read again, which shows
          // when it opens.
          { guard: 'refusedNotOpenYet', target: 'loading', actions: 'clearErrors' },
          // The balance went down meanwhile (another withdrawal or a send): the amount step says so.
          { guard: 'refusedAboveBalance', target: 'amount', actions: ['showAboveBalance', 'focusFirstError'] },
          { target: 'failed', actions: ['showFailure', 'focusFirstError'] },
        ],
      },
    },
    failed: {
      meta: { step: 2 },
      on: {
        // The same body under the same key: a withdrawal that did arrive is not made twice.
        RETRY: { target: 'submitting', actions: 'clearErrors' },
        BACK: { target: 'confirm', actions: 'clearErrors' },
      },
    },
    created: { type: 'final', meta: { step: 3 } },
  },
});
