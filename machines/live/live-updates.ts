import { fromCallback } from 'xstate';

/**
 * Live updates (issue 23.4), as the machines see them: one more injected actor. A page's machine invokes
 * `liveUpdates` while it shows data; the host provides it (src/api/live-updates.ts: the app's one EventSource on
 * GET /api/app/events) and it sends the machine these events:
 * - `LIVE_PAYMENT`: a payment the user is a party to changed (a new payment, a request, a price point's order or
 *   reply, a cancel; `status` is its new one) or has a new message (`status` 'message'): the page refetches what it
 *   shows (the details page only for its own payment);
 * - `LIVE_TRANSFER`: a deposit or withdrawal of the user's changed (`status` is its new one: a card deposit
 *   captured, a USDT deposit confirmed, a withdrawal paid out or returned): the pages that show the balance or the
 *   activity refetch it;
 * - `LIVE_RESET`: the stream reconnected (a message is not replayed) or was away too long to replay what was
 *   missed: refetch whatever is shown.
 * The default does nothing (no stream): the atlas, the model tests and the server's render run without one, and
 * the model tests send the events themselves.
 */
export type LiveEvent =
  | { type: 'LIVE_PAYMENT'; paymentId: string; status: string }
  | { type: 'LIVE_TRANSFER'; kind: 'deposit' | 'withdrawal'; transferId: string; status: string }
  | { type: 'LIVE_RESET' };

export interface LiveUpdatesInput {
  userId: string;
}

export const liveUpdatesPlaceholder = fromCallback<LiveEvent, LiveUpdatesInput>(() => () => {});

/** The event sample for the catalogue of a machine that shows the balance or the activity: a deposit completed. */
export function transferSample() {
  return {
    LIVE_TRANSFER: { type: 'LIVE_TRANSFER' as const, kind: 'deposit' as const, transferId: '00000000-0000-4000-8000-00000000d0d0', status: 'complete' },
  };
}

/** Event samples for the catalogue: a change of the sample payment, of another one, and a reset. */
export function liveSamples(paymentId: string) {
  return {
    LIVE_PAYMENT: [
      { type: 'LIVE_PAYMENT' as const, paymentId, status: 'complete' },
      { type: 'LIVE_PAYMENT' as const, paymentId: '00000000-0000-4000-8000-00000000beef', status: 'complete' },
    ],
    LIVE_RESET: { type: 'LIVE_RESET' as const },
  };
}
