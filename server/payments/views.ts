import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { paymentEvents, paymentMessages, payments, users } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { formatAmount } from '../../domain/money/amount';
import { availableActions, type PaymentStatus } from '../../machines/payment-lifecycle.machine';
import type { Payment } from './lifecycle';
import { roleOf } from './service';

/** How payments, messages and trails look on the wire (openapi.yaml `Payment`, `Message`, `PaymentEvent`). */
type Reader = Db | Tx;
export type MessageRow = typeof paymentMessages.$inferSelect;

export const PAYMENT_PAGE_SIZE = 20;
export const MAX_PAGES_PER_CALL = 10;
export const PENDING_STATUSES: PaymentStatus[] = ['created', 'requested', 'awaiting', 'new', 'processing'];

export function messageView(m: MessageRow) {
  return {
    message_id: m.id,
    payment_id: m.paymentId,
    created_at: m.createdAt.toISOString(),
    message: m.message,
    message_sender_user_id: m.senderUserId,
    message_receiver_user_id: m.receiverUserId,
    message_media_id: m.mediaId,
    payment_triggered: m.paymentTriggered,
  };
}

export async function paymentViews(db: Reader, rows: Payment[], callerId: string, now: Date) {
  if (rows.length === 0) return [];
  const ids = rows.map((p) => p.id);
  const people = [...new Set(rows.flatMap((p) => [p.senderUserId, p.receiverUserId]))];
  const names = new Map(
    (await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, people))).map((u) => [u.id, u.username]),
  );
  const messages = await db
    .select()
    .from(paymentMessages)
    .where(inArray(paymentMessages.paymentId, ids))
    .orderBy(asc(paymentMessages.createdAt), asc(paymentMessages.id));
  const byPayment = new Map<string, MessageRow[]>();
  for (const m of messages) byPayment.set(m.paymentId, [...(byPayment.get(m.paymentId) ?? []), m]);

  return rows.map((p) => paymentView(p, callerId, now, names, byPayment.get(p.id) ?? []));
}

/**
 * One payment as the caller sees it, from rows already read (the send from balance has the names and its message
 * from the statement that wrote them, so its answer costs no further round trip).
 */
export function paymentView(p: Payment, callerId: string, now: Date, names: Map<string, string | null>, messages: MessageRow[]) {
  const role = roleOf(p, callerId) ?? 'sender';
  const total = p.amountCents + p.feeCents;
  return {
    payment_id: p.id,
    amount: formatAmount(p.amountCents),
    signed_amount: formatAmount(role === 'sender' ? -total : p.amountCents),
    fee: formatAmount(p.feeCents),
    total_charge: formatAmount(total),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    payment_method_id: p.paymentMethodId,
    messages: messages.map(messageView),
    payment_status: p.status,
    status: p.status,
    transaction_type: role,
    type: p.kind === 'request' ? ('request' as const) : ('send' as const),
    media_type: p.mediaType,
    description: p.description,
    price_point_id: p.pricePointId,
    hold_expires_at: p.holdExpiresAt?.toISOString() ?? null,
    receiver_user_id: p.receiverUserId,
    receiver_username: names.get(p.receiverUserId) ?? null,
    receiver_photo: null,
    sender_user_id: p.senderUserId,
    sender_username: names.get(p.senderUserId) ?? null,
    sender_photo: null,
    actions: availableActions(p.status, role, now.getTime(), p.lastReminderAt?.getTime() ?? null),
  };
}

export async function envelopeOf(db: Reader, payment: Payment, callerId: string, now: Date) {
  return { data: await paymentViews(db, [payment], callerId, now) };
}

export interface ListQuery {
  startPage: number;
  endPage: number;
  status: 'all' | 'pending' | 'complete';
  type: 'all' | 'pay' | 'request';
}

export async function listPayments(db: Reader, callerId: string, q: ListQuery, now: Date) {
  const conditions: SQL[] = [or(eq(payments.senderUserId, callerId), eq(payments.receiverUserId, callerId))!];
  if (q.status === 'pending') conditions.push(inArray(payments.status, PENDING_STATUSES));
  if (q.status === 'complete') conditions.push(eq(payments.status, 'complete'));
  if (q.type === 'pay') conditions.push(inArray(payments.kind, ['send', 'price_point']));
  if (q.type === 'request') conditions.push(eq(payments.kind, 'request'));
  const where = and(...conditions);
  const [counted] = await db.select({ n: count() }).from(payments).where(where);
  const rows = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit((q.endPage - q.startPage + 1) * PAYMENT_PAGE_SIZE)
    .offset((q.startPage - 1) * PAYMENT_PAGE_SIZE);
  return {
    totalPages: Math.ceil(Number(counted?.n ?? 0) / PAYMENT_PAGE_SIZE),
    results: await paymentViews(db, rows, callerId, now),
  };
}

export async function trailOf(db: Reader, paymentId: string) {
  const rows = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));
  return rows.map((e) => ({
    id: e.id,
    payment_id: e.paymentId,
    from_status: e.fromStatus,
    to_status: e.toStatus,
    event: e.event,
    actor: e.actorUserId ?? 'system',
    reason: e.reason,
    occurred_at: e.occurredAt.toISOString(),
  }));
}
