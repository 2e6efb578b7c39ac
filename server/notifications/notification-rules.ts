import type { PaymentStatus } from '../../machines/payment-lifecycle.machine';
import type { PaymentKind } from '../db/schema/payments';
import type { NotificationKind } from '../db/schema/notifications';

/** A line of a payment's trail with the payment's parties: what the notification pass reads. */
export interface TrailLine {
  fromStatus: PaymentStatus | null;
  toStatus: PaymentStatus;
  event: string;
  kind: PaymentKind;
  /** The payer (for a request: the one asked to pay; for a price point: the fan). */
  senderUserId: string;
  /** The one paid (for a request: the requester; for a price point: the creator). */
  receiverUserId: string;
}

export interface NotificationTarget {
  kind: NotificationKind;
  /** Who gets the email. */
  userId: string;
  /** The other party, named in the email. */
  otherUserId: string;
}

/**
 * Which trail lines are worth an email, and to whom (spec 1: a user receives a payment, a payment request or a
 * price point's reply). Decided from statuses, the payment-lifecycle machine's vocabulary, so every way of reaching
 * a state (from the balance, by card after its authorisation or capture) mails alike and exactly one line does:
 * - a send or a paid request reaching `complete` → the one paid ("you received");
 * - a request made (`created → requested`), or reminded (REMIND) → the one asked to pay;
 * - a price point paid (`→ new`, funds held) → the creator, who has 72 hours to reply;
 * - a price point completed by the creator's reply (`→ complete`) → the fan.
 * Nothing else (declines, cancellations, expiries, failures) mails: the spec names only these.
 */
export function notificationOf(line: TrailLine): NotificationTarget | null {
  const toReceiver = (kind: NotificationKind) => ({ kind, userId: line.receiverUserId, otherUserId: line.senderUserId });
  const toSender = (kind: NotificationKind) => ({ kind, userId: line.senderUserId, otherUserId: line.receiverUserId });
  if (line.kind === 'price_point') {
    if (line.toStatus === 'new' && line.fromStatus !== 'new') return toReceiver('price_point_paid');
    if (line.toStatus === 'complete') return toSender('price_point_replied');
    return null;
  }
  if (line.toStatus === 'complete') return toReceiver('payment_received');
  if (line.kind === 'request' && line.event === 'REMIND') return toSender('request_reminder');
  if (line.kind === 'request' && line.toStatus === 'requested' && line.fromStatus === 'created') return toSender('payment_requested');
  return null;
}
