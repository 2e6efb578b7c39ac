import type { SnapshotFrom } from 'xstate';
import { parseAmount } from '../../domain/money/amount';
import type { resourceViewMachine } from '../resource-view.machine';
import type { PaymentView } from '../activity/payment-types';
import type { LiveEvent } from '../live/live-updates';
import { formatDeadline, formatTimeLeft, type HoldOptions } from './hold.view';

/**
 * A creator's workspace for replies (issue 23 item 3), as people read it. Pure and Intl-only like hold.view.ts: the
 * screens translate the keys (`activity:orders.*`) around the values worked out here.
 *
 * - home's card, for a creator with open orders only: "2 orders waiting for your reply · next due Sat 28 Nov, 14:05";
 * - the open-orders list: the fan, the item bought, the fan's brief, the amount held and the time left, nearest first;
 * - the reply screen's line about sending: "Sending releases $25.00 to your balance".
 */

/** What `GET /app/user/{userId}/orders/open` answers (openapi.yaml listOpenOrders). */
export interface OpenOrders {
  count: number;
  results: PaymentView[];
}

type BriefOf = Pick<PaymentView, 'messages' | 'sender_user_id'>;

/** The fan's brief: the first message the payer wrote on the payment ("My dog Biscuit, a corgi"); null without one. */
export function briefOf(payment: BriefOf): string | null {
  const first = payment.messages.find((m) => m.message_sender_user_id === payment.sender_user_id && m.message.trim() !== '');
  return first ? first.message : null;
}

export interface OrdersCard {
  count: number;
  /** The nearest deadline, written for the reader. */
  nextDue: string;
}

/** Home's card: null when nothing waits (the card is then not shown at all). */
export function ordersCard(orders: OpenOrders | null, options: HoldOptions): OrdersCard | null {
  if (!orders || orders.count === 0) return null;
  const due = orders.results.map((p) => p.hold_expires_at).filter((at): at is string => at !== null);
  const nearest = due.length > 0 ? due.reduce((a, b) => (new Date(a).getTime() <= new Date(b).getTime() ? a : b)) : null;
  return nearest ? { count: orders.count, nextDue: formatDeadline(nearest, options) } : null;
}

export interface OpenOrderRow {
  paymentId: string;
  fan: string;
  fanPhoto: string | null;
  /** The item bought (the price point's description); null for one without. */
  item: string | null;
  brief: string | null;
  media: 'photo' | 'video';
  /** The money held for the reply. */
  amountCents: number;
  deadline: string;
  /** "2 days"; null once the time is up (the refund job has not run yet). */
  left: string | null;
}

/** The open-orders list, nearest deadline first (the server's order, kept). */
export function openOrderRows(orders: OpenOrders | null, now: number, options: HoldOptions): OpenOrderRow[] {
  if (!orders) return [];
  return orders.results
    .filter((p) => p.hold_expires_at !== null)
    .map((p) => ({
      paymentId: p.payment_id,
      fan: p.sender_username ?? '',
      fanPhoto: p.sender_photo ?? null,
      item: p.description,
      brief: briefOf(p),
      media: p.media_type ?? 'photo',
      amountCents: parseAmount(p.amount) ?? 0,
      deadline: formatDeadline(p.hold_expires_at!, options),
      left: formatTimeLeft(new Date(p.hold_expires_at!).getTime() - now, options.lang),
    }));
}

/** "Sending releases $25.00 to your balance": the amount the creator is credited when the reply claims the payment. */
export function releaseCents(payment: Pick<PaymentView, 'amount'>): number {
  // The creator always gets 100 % of the amount (the fee is the payer's, on top).
  return parseAmount(payment.amount) ?? 0;
}

/** The resource-view machine loading a creator's open orders (its data is the `OpenOrders` answer once shown). */
type OrdersSnapshot = Pick<SnapshotFrom<typeof resourceViewMachine>, 'matches' | 'context'>;

const shownOrders = (snapshot: OrdersSnapshot): OpenOrders | null =>
  snapshot.matches('shown') ? (snapshot.context.data as OpenOrders) : null;

/**
 * The open-orders page as its machine shows it (issue 24 item 6): loading, the failure with Retry (an answer of
 * "not found" too), nothing waiting, or the rows.
 */
export type OpenOrdersScreen = { kind: 'loading' } | { kind: 'failed' } | { kind: 'empty' } | { kind: 'rows'; rows: OpenOrderRow[] };

export function openOrdersScreen(snapshot: OrdersSnapshot, now: number, options: HoldOptions): OpenOrdersScreen {
  if (snapshot.matches('failed') || snapshot.matches('notFound')) return { kind: 'failed' };
  const orders = shownOrders(snapshot);
  if (!orders) return { kind: 'loading' };
  const rows = openOrderRows(orders, now, options);
  return rows.length === 0 ? { kind: 'empty' } : { kind: 'rows', rows };
}

/** Home's card from its machine: shown once the orders are read and something waits; nothing otherwise. */
export const waitingOrdersCard = (snapshot: OrdersSnapshot, options: HoldOptions): OrdersCard | null => ordersCard(shownOrders(snapshot), options);

/**
 * Whether a live update may change the creator's open orders (issue 27; docs/payment-screens.md, "A creator's workspace
 * for replies"): any change of one of their payments — an order arriving, one replied to, refunded when its time ran out,
 * a message on it — and a reconnection that may have missed some (LIVE_RESET). The pages then send RELOAD: the list
 * read again with the last answer kept on screen. A deposit or withdrawal (LIVE_TRANSFER) never is an order.
 */
export const changesOpenOrders = (event: LiveEvent): boolean => event.type === 'LIVE_PAYMENT' || event.type === 'LIVE_RESET';
