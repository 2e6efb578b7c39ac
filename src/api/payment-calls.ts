import { fromPromise } from 'xstate';
import { parseAmount } from '../../domain/money/amount';
import type { Funding, PaymentCard } from '../../machines/payments/funding';
import type { Person } from '../../machines/payments/person';
import type { RequestedPayment, RequestPaymentBody } from '../../machines/request-payment.machine';
import type { FoundReceiver, SendPaymentRequest, SentPayment } from '../../machines/send-payment.machine';
import type { ApiClient } from './client';
import { quiet } from './quiet';
import { unwrap } from './unwrap';
import { creationKeys } from './submission-keys';

/**
 * The payment machines' invoked actors in the browser: one contract call each, `quiet` because the screens show
 * their failures themselves (the server's localised `detail`). `cards` lists the payer's cards for the method
 * step (the cards API by default).
 */
const options = (signal: AbortSignal) => ({ middleware: [quiet], signal });

export type CardSource = (client: ApiClient, userId: string, signal: AbortSignal) => Promise<PaymentCard[]>;

export const listedCards: CardSource = async (client, userId, signal) => {
  const { cards } = await unwrap(client.GET('/app/user/{userId}/payment-methods/cards', { params: { path: { userId } }, ...options(signal) }));
  return cards.map(({ id, brand, last4, expMonth, expYear }) => ({ id, brand, last4, expMonth, expYear }));
};

export function paymentCalls(client: ApiClient, userId: string, cards: CardSource = listedCards) {
  const path = { userId };
  return {
    searchUsers: fromPromise<Person[], { term: string }>(async ({ input, signal }) => {
      const found = await unwrap(client.GET('/app/user/{userId}/users/search', { params: { path, query: { q: input.term } }, ...options(signal) }));
      return found.results;
    }),
    loadFunding: fromPromise<Funding, void>(async ({ signal }) => {
      const [wallet, list] = await Promise.all([
        unwrap(client.GET('/app/user/{userId}/wallet', { params: { path }, ...options(signal) })),
        cards(client, userId, signal),
      ]);
      return { availableCents: parseAmount(wallet.available) ?? 0, cards: list };
    }),
    sendPayment: fromPromise<SentPayment, SendPaymentRequest>(async ({ input, signal }) => {
      const { data } = await unwrap(
        client.POST('/app/user/{userId}/payment/send/', {
          params: { path, header: { 'Idempotency-Key': input.idempotencyKey } },
          body: input.body,
          ...options(signal),
        }),
      );
      const payment = data[0]!;
      return {
        paymentId: payment.payment_id,
        status: payment.payment_status,
        amount: payment.amount,
        fee: payment.fee,
        totalCharge: payment.total_charge,
        holdExpiresAt: payment.hold_expires_at,
      };
    }),
    // A public profile's link names its creator by username: their public page has the id, their photo and the
    // price points they offer (the checkout names the one bought).
    findReceiver: fromPromise<FoundReceiver, { username: string }>(async ({ input, signal }) => {
      const found = await unwrap(
        client.GET('/app/public/profile/{username}', { params: { path: { username: input.username } }, ...options(signal) }),
      );
      return {
        receiver: { userId: found.user_id, username: found.username, fullName: found.full_name, photo: found.profile.profile_photo ?? null },
        pricePoints: found.profile.price_point_details.map((p) => ({ id: p.id, description: p.description, mediaType: p.media_type, price: p.price })),
      };
    }),
    requestPayment: fromPromise<RequestedPayment, RequestPaymentBody>(async ({ input, signal }) => {
      // A retry of the same request (a lost answer) sends the same key: the server creates it once.
      const { data } = await creationKeys.run('requestPayment', input, (key) =>
        unwrap(client.POST('/app/user/{userId}/payment/request/', { params: { path, header: { 'Idempotency-Key': key } }, body: input, ...options(signal) })),
      );
      return { paymentId: data[0]!.payment_id, amount: data[0]!.amount };
    }),
  };
}
