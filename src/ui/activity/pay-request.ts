import type { PaymentView } from '../../../machines/activity/payment-types';
import { SEND_PAYMENT_PATH } from '../../config/paths';

/**
 * Where paying a request goes (spec 2: the send screen opened with state carrying the receiver, amount and paymentId;
 * issue 22 item 4: the request itself, its note and when it was made). The details page's Pay and an activity row's
 * Pay both open it: `navigate(...payRequestTarget(payment))`.
 */
export function payRequestTarget(p: PaymentView): [string, { state: unknown }] {
  return [
    SEND_PAYMENT_PATH,
    {
      state: {
        receiver: { userId: p.receiver_user_id, username: p.receiver_username, photo: p.receiver_photo ?? null },
        amount: p.amount,
        paymentId: p.payment_id,
        request: { note: p.description ?? null, requestedAt: p.created_at },
      },
    },
  ];
}
