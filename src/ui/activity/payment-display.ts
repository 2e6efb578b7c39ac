import type { ParseKeys } from 'i18next';
import { parseAmount } from '../../../domain/money/amount';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { statusLabel, type StatusTone } from '../../../machines/payments/status-tones';

/**
 * How a payment reads for the signed-in user (spec 3/4). Pure, so the labels are unit-tested apart from React.
 */
;

export { statusLabel };

type BadgeTone = StatusTone;
;

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
