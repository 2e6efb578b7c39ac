import { centsFromInput } from '../../domain/money/amount-input';
import type { SnapshotFrom } from 'xstate';
import type { RequestPaymentContext, requestPaymentMachine } from '../request-payment.machine';

/**
 * What the request screen shows (issue 22 item 1, /payment/request): the summary above the one button, the button's
 * words, and the receipt once the request is made. The page only renders this (amounts in cents, formatted there
 * with Intl; keys of the `payments` namespace).
 */
export interface RequestFormView {
  /** The summary above the button: whom (a username, null before one is chosen) and how much. */
  summary: { to: string | null; amountCents: number };
  /** "Request $20.00"; "Requesting…" while it is sent (and the button is disabled). */
  button: { key: 'actions.request' | 'actions.requesting'; amountCents: number; disabled: boolean };
  /** The receipt after the request: "You asked @maya for $20.00.", and the request to open. */
  done: { key: 'requested.body'; username: string; amountCents: number; paymentId: string } | null;
}

export function requestFormView(context: Pick<RequestPaymentContext, 'recipient' | 'amount' | 'requested'>, submitting: boolean): RequestFormView {
  // An amount not (yet) readable counts as $0.00: the screen still says what the button would do.
  const amountCents = centsFromInput(context.amount) ?? 0;
  return {
    summary: { to: context.recipient?.username ?? null, amountCents },
    button: { key: submitting ? 'actions.requesting' : 'actions.request', amountCents, disabled: submitting },
    done: context.requested
      ? { key: 'requested.body', username: context.recipient?.username ?? '', amountCents, paymentId: context.requested.paymentId }
      : null,
  };
}

type RequestSnapshot = Pick<SnapshotFrom<typeof requestPaymentMachine>, 'matches' | 'can' | 'context'>;

/**
 * The request screen from the request machine's snapshot (issue 24 item 6): the button is enabled when the machine
 * takes SUBMIT now, says "Requesting…" while the request is sent, and the receipt shows once it is made.
 */
export function requestScreen(snapshot: RequestSnapshot): RequestFormView {
  const view = requestFormView(snapshot.context, snapshot.matches('submitting'));
  return {
    ...view,
    button: { ...view.button, disabled: !snapshot.can({ type: 'SUBMIT' }) },
    done: snapshot.matches('done') ? view.done : null,
  };
}
