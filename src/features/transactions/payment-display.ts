import type { ParseKeys } from 'i18next';
import { parseAmount } from '../../../domain/money/amount';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { STATUS_TONES, type StatusLabel, type StatusTone } from '../../../machines/payments/status-tones';

/**
 * How a payment reads for the signed-in user (spec 3/4). Pure, so the labels are unit-tested apart from React.
 */
export type { StatusLabel } from '../../../machines/payments/status-tones';

/**
 * The badge (spec 4): new is Action Required for the creator who must reply and Pending Reply for the fan;
 * a request waiting to be paid and a card payment waiting for its capture are both Awaiting payment; anything
 * the app does not know (a newer server) is Unknown rather than a blank.
 */
export function statusLabel(payment: Pick<PaymentView, 'status' | 'transaction_type'>): StatusLabel {
  switch (payment.status as string) {
    case 'new':
      return payment.transaction_type === 'receiver' ? 'actionRequired' : 'pendingReply';
    case 'requested':
    case 'awaiting':
      return 'awaiting';
    case 'created':
    case 'processing':
    case 'complete':
    case 'rejected':
    case 'failed':
    case 'cancelled':
      return payment.status as StatusLabel;
    default:
      return 'unknown';
  }
}

export type BadgeTone = StatusTone;
export { STATUS_TONES };

/** The other party: whoever is not me. */
export function counterparty(payment: PaymentView): { userId: string; username: string | null; photo: string | null } {
  return payment.transaction_type === 'sender'
    ? { userId: payment.receiver_user_id, username: payment.receiver_username, photo: payment.receiver_photo }
    : { userId: payment.sender_user_id, username: payment.sender_username, photo: payment.sender_photo };
}

/** One line saying who paid or asked whom. */
export function kindKey(payment: PaymentView): ParseKeys<'activity'> {
  const mine = payment.transaction_type === 'sender';
  if (payment.type === 'request') return mine ? 'kind.requestedBy' : 'kind.requestedFrom';
  return mine ? 'kind.sentTo' : 'kind.receivedFrom';
}

/** `signed_amount` in cents: negative when the money leaves me (the total charge). */
export function signedCents(payment: Pick<PaymentView, 'signed_amount'>): number {
  const negative = payment.signed_amount.startsWith('-');
  const cents = parseAmount(negative ? payment.signed_amount.slice(1) : payment.signed_amount) ?? 0;
  return negative ? -cents : cents;
}

export function cents(amount: string): number {
  return parseAmount(amount) ?? 0;
}
