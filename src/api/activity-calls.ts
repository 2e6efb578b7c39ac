import { fromPromise } from 'xstate';
import { RECENT_ACTIVITY_COUNT } from '../../domain/activity-list';
import type { PaymentMessage, PaymentPage, PaymentView } from '../../machines/activity/payment-types';
import type { HomeData } from '../../machines/home-activity.machine';
import type { PaymentCallInput } from '../../machines/payment-actions.machine';
import type { LoadDetailsInput, PaymentDetails, PostMessageInput } from '../../machines/transaction-details.machine';
import { searchParams } from '../../machines/activity-search.view';
import { tabFilters, type LoadPageInput } from '../../machines/transaction-list.machine';
import type { ApiClient } from './client';
import { quiet } from './quiet';
import { unwrap } from './unwrap';

/**
 * The activity machines' invoked actors in the browser, one contract call each. Lists and actions are not quiet:
 * a failure is the client's error notification with the server's `detail` (spec 8), while the machine keeps what
 * was on screen. Loading one payment is quiet, because the page itself says "Could not find the transaction".
 */
/** The one payment of an envelope (`{ data: [payment] }`, spec 7); the contract guarantees exactly one. */
function only(envelope: { data: PaymentView[] }): PaymentView {
  const [payment] = envelope.data;
  if (!payment) throw new Error('a payment envelope without its payment');
  return payment;
}

/** The user's own profile, read quietly: its readers (home's first-step card, the shell's sidebar) fall back on a failure. */
export function loadOwnProfile(client: ApiClient, userId: string, signal?: AbortSignal) {
  return unwrap(client.GET('/app/user/{userId}/profile', { params: { path: { userId } }, middleware: [quiet], signal }));
}

/**
 * Home's calls (its machine's `loadHome`, features/home/home-data.ts), also started ahead of the page by its route.
 * `profile` is a read already under way (the route's, which the shell's sidebar shares), else home reads it itself.
 */
export async function loadHomeData(
  client: ApiClient,
  userId: string,
  signal?: AbortSignal,
  profile: ReturnType<typeof loadOwnProfile> = loadOwnProfile(client, userId, signal),
): Promise<HomeData> {
  const params = { path: { userId } };
  // Cards and profile only decide two first-step cards: read quietly, and a failure only hides those cards.
  const unknown = () => null;
  const [list, wallet, hasCard, profileComplete] = await Promise.all([
    unwrap(client.GET('/app/user/{userId}/payment/list', { params: { ...params, query: { startPage: 1 } }, signal })),
    unwrap(client.GET('/app/user/{userId}/wallet', { params, signal })),
    unwrap(client.GET('/app/user/{userId}/payment-methods/cards', { params, middleware: [quiet], signal }))
      .then(({ cards }) => cards.length > 0)
      .catch(unknown),
    profile.then((own) => own.bio_message.trim() !== '').catch(unknown),
  ]);
  return { recent: list.results.slice(0, RECENT_ACTIVITY_COUNT), balance: wallet.balance, hasCard, profileComplete };
}

/** The browser's time zone: the search's dates are its days (issue 26 item 3). */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function activityCalls(client: ApiClient) {
  const path = (userId: string) => ({ path: { userId } });
  const change = (method: 'cancel' | 'remind') =>
    fromPromise<PaymentView, PaymentCallInput>(async ({ input, signal }) => {
      const request = { params: path(input.userId), body: { paymentId: input.paymentId }, signal };
      const answer =
        method === 'cancel'
          ? await unwrap(client.DELETE('/app/user/{userId}/payment/request/', request))
          : await unwrap(client.POST('/app/user/{userId}/payment/request/reminder', request));
      return only(answer);
    });
  return {
    loadPage: fromPromise<PaymentPage, LoadPageInput>(async ({ input, signal }) =>
      unwrap(
        client.GET('/app/user/{userId}/payment/list', {
          params: { ...path(input.userId), query: { startPage: input.page, ...tabFilters(input.tab), ...searchParams(input.filters, browserTimeZone()) } },
          signal,
        }),
      ),
    ),
    loadDetails: fromPromise<PaymentDetails, LoadDetailsInput>(async ({ input, signal }) => {
      const [payment, trail] = await Promise.all([
        unwrap(
          client.GET('/app/user/{userId}/payment', {
            params: { ...path(input.userId), query: { paymentId: input.paymentId } },
            middleware: [quiet],
            signal,
          }),
        ),
        unwrap(
          client.GET('/app/user/{userId}/payment/{paymentId}/events', {
            params: { path: { userId: input.userId, paymentId: input.paymentId } },
            middleware: [quiet],
            signal,
          }),
        ),
      ]);
      return { payment: only(payment), trail: trail.data };
    }),
    postMessage: fromPromise<PaymentMessage, PostMessageInput>(async ({ input, signal }) =>
      unwrap(
        client.POST('/app/user/{userId}/messages/', {
          params: { ...path(input.userId), header: { 'Idempotency-Key': input.key } },
          body: { paymentId: input.paymentId, message: input.message, ...(input.mediaId ? { messageMediaId: input.mediaId } : {}) },
          signal,
        }),
      ),
    ),
    cancelRequest: change('cancel'),
    // The payer's decline is the same call: the server decides by role (→ rejected).
    rejectRequest: change('cancel'),
    remindRequest: change('remind'),
    // A creator declining a fan's price-point order: the same call again (→ rejected, the fan's hold released).
    declineOrder: change('cancel'),
  };
}
