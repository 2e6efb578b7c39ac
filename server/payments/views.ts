import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { likeLiteral } from '../db/like';
import { paymentEvents, paymentMessages, payments, users } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { formatAmount, parseAmount } from '../../domain/money/amount';
import { availableActions } from '../../machines/payment-lifecycle.machine';
import type { Payment } from './lifecycle';
import { roleOf } from './lifecycle';
import { photoOf, picturesOf, type Pictures } from '../creators/profile-images';

/** How payments, messages and trails look on the wire (openapi.yaml `Payment`, `Message`, `PaymentEvent`). */
type Reader = Db | Tx;
export type MessageRow = typeof paymentMessages.$inferSelect;

const PAYMENT_PAGE_SIZE = 20;
export const MAX_PAGES_PER_CALL = 10;

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

/** `known`: the parties' usernames when the caller has read them already (the list reads them with the rows). */
async function paymentViews(db: Reader, rows: Payment[], callerId: string, now: Date, known?: Map<string, string | null>) {
  if (rows.length === 0) return [];
  const ids = rows.map((p) => p.id);
  const people = [...new Set(rows.flatMap((p) => [p.senderUserId, p.receiverUserId]))];
  const names =
    known ??
    new Map(
      (await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, people))).map((u) => [u.id, u.username]),
    );
  const pictures = await picturesOf(db, people);
  const messages = await db
    .select()
    .from(paymentMessages)
    .where(inArray(paymentMessages.paymentId, ids))
    .orderBy(asc(paymentMessages.createdAt), asc(paymentMessages.id));
  const byPayment = new Map<string, MessageRow[]>();
  for (const m of messages) byPayment.set(m.paymentId, [...(byPayment.get(m.paymentId) ?? []), m]);

  return rows.map((p) => paymentView(p, callerId, now, names, byPayment.get(p.id) ?? [], pictures));
}

/**
 * One payment as the caller sees it, from rows already read (the send from balance has the names and its message
 * from the statement that wrote them, so its answer costs no further round trip).
 */
export function paymentView(
  p: Payment,
  callerId: string,
  now: Date,
  names: Map<string, string | null>,
  messages: MessageRow[],
  pictures: Map<string, Pictures> = new Map(),
) {
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
    receiver_photo: photoOf(pictures, p.receiverUserId),
    sender_user_id: p.senderUserId,
    sender_username: names.get(p.senderUserId) ?? null,
    sender_photo: photoOf(pictures, p.senderUserId),
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
  /** The search's filters (issue 26 item 3); none given: the plain list. */
  search?: ActivitySearch;
}

/** The list's search filters (openapi.yaml `listPayments`), already parsed. */
export interface ActivitySearch {
  /** A username, without `@`, compared ignoring case. */
  person?: string;
  /** Text the note contains, ignoring case (3 characters or more). */
  text?: string;
  minCents?: number;
  maxCents?: number;
  from?: Date;
  to?: Date;
}

/** A filtered list's totalPages counts at most this many matches (50 pages): a wider search is narrowed, not paged. */
export const SEARCH_COUNT_CAP = 1000;

/** The search's query parameters as the contract validated them. */
export interface SearchQuery {
  person?: string;
  q?: string;
  minAmount?: string;
  maxAmount?: string;
  from?: string;
  to?: string;
}

export function searchOf(query: SearchQuery): ActivitySearch | undefined {
  const search: ActivitySearch = {
    person: query.person?.replace(/^@/, ''),
    text: query.q,
    minCents: query.minAmount === undefined ? undefined : (parseAmount(query.minAmount) ?? undefined),
    maxCents: query.maxAmount === undefined ? undefined : (parseAmount(query.maxAmount) ?? undefined),
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
  };
  return hasSearch(search) ? search : undefined;
}

function hasSearch(search: ActivitySearch | undefined): search is ActivitySearch {
  return !!search && Object.values(search).some((v) => v !== undefined);
}

/** `text` as a LIKE pattern that matches it anywhere, its own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** The tab classes of migration 0023 (activity_class): status group (0 pending, 1 complete, 2 other) * 2 + type. */
function tabClasses(q: Pick<ListQuery, 'status' | 'type'>): number[] {
  const groups = q.status === 'pending' ? [0] : q.status === 'complete' ? [1] : [0, 1, 2];
  const types = q.type === 'pay' ? [0] : q.type === 'request' ? [1] : [0, 1];
  return groups.flatMap((g) => types.map((t) => g * 2 + t));
}

/**
 * Past this many unmerged count deltas the reader merges them into the user's day and month rows (activity_compact,
 * migration 0032), so a page reads about one count row per class and month of history, plus one month's days
 * (docs/performance.md "Month rows for the list's counts").
 */
const COMPACT_AFTER_LOOSE_ROWS = 256;

type PageRow = Record<string, unknown> & { total: string | number; loose: string | number; id: string | null };

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));

/** A payments row read with raw SQL, as Drizzle would have returned it. */
function paymentOfRow(r: PageRow): Payment {
  return {
    id: r.id!,
    kind: r.kind as Payment['kind'],
    status: r.status as Payment['status'],
    senderUserId: r.sender_user_id as string,
    receiverUserId: r.receiver_user_id as string,
    createdByUserId: r.created_by_user_id as string,
    amountCents: Number(r.amount_cents),
    feeCents: Number(r.fee_cents),
    paymentMethodId: (r.payment_method_id as string | null) ?? null,
    pricePointId: (r.price_point_id as string | null) ?? null,
    mediaType: (r.media_type as Payment['mediaType']) ?? null,
    description: (r.description as string | null) ?? null,
    holdExpiresAt: dateOrNull(r.hold_expires_at),
    lastReminderAt: dateOrNull(r.last_reminder_at),
    // Not among the page statement's columns (the activity shows neither): read where the wall is.
    showOnPage: r.show_on_page === true,
    hiddenOnPageAt: dateOrNull(r.hidden_on_page_at),
    createdAt: new Date(r.created_at as string | Date),
    updatedAt: new Date(r.updated_at as string | Date),
  };
}

/**
 * The list's statement for a page range (no search): activity_page's rows joined to their payments and parties, in
 * list order. Each page row is joined by primary key (the function is declared ROWS 20, migration 0033), never a scan
 * of payments (tests/api/activity-pages.test.ts EXPLAINs it on PostgreSQL).
 */
export function pageStatement(callerId: string, q: Pick<ListQuery, 'status' | 'type' | 'startPage' | 'endPage'>) {
  return sql`SELECT pg.total, pg.loose, p.*, su.username AS sender_username, ru.username AS receiver_username
      FROM activity_page(${callerId}::uuid, ${`{${tabClasses(q).join(',')}}`}::smallint[],
        ${(q.startPage - 1) * PAYMENT_PAGE_SIZE}::bigint, ${(q.endPage - q.startPage + 1) * PAYMENT_PAGE_SIZE}::integer)
        WITH ORDINALITY AS pg (total, loose, payment_id, n)
      LEFT JOIN payments p ON p.id = pg.payment_id
      LEFT JOIN users su ON su.id = p.sender_user_id
      LEFT JOIN users ru ON ru.id = p.receiver_user_id
      ORDER BY pg.n`;
}

/**
 * A page range of the caller's list: the total, the page's payments and their parties' names in one statement
 * (activity_page, migrations 0023 and 0032: kept per user by triggers in the payment's own transaction, read through
 * an index), then their messages.
 */
export async function listPayments(db: Reader, callerId: string, q: ListQuery, now: Date) {
  if (hasSearch(q.search)) return searchPayments(db, callerId, q, q.search, now);
  const page = (await db.execute(pageStatement(callerId, q))) as unknown as { rows: PageRow[] };
  const first = page.rows[0];
  const total = Number(first?.total ?? 0);
  if (Number(first?.loose ?? 0) > COMPACT_AFTER_LOOSE_ROWS) await db.execute(sql`SELECT activity_compact(${callerId}::uuid)`);
  return pageOfRows(db, page.rows, total, callerId, now);
}

/** How many open orders one answer lists (openapi.yaml listOpenOrders). */
const OPEN_ORDERS_SHOWN = 50;

/**
 * The open orders' two statements: how many, and the first OPEN_ORDERS_SHOWN, the nearest deadline first. Both are
 * answered by payments_open_orders_idx (migration 0030), whose predicate is this WHERE's: only the creator's open
 * orders are read, never their whole received history (tests/api/open-orders.test.ts EXPLAINs them).
 */
export function openOrdersQueries(db: Reader, callerId: string) {
  const open = and(eq(payments.receiverUserId, callerId), eq(payments.status, 'new'), isNotNull(payments.pricePointId));
  return {
    count: db.select({ n: count() }).from(payments).where(open),
    first: db.select().from(payments).where(open).orderBy(asc(payments.holdExpiresAt), asc(payments.id)).limit(OPEN_ORDERS_SHOWN),
  };
}

/**
 * The creator's price-point orders waiting for their reply (issue 23 item 3): received, still `new` (the money held),
 * the nearest deadline first.
 */
export async function listOpenOrders(db: Reader, callerId: string, now: Date) {
  const queries = openOrdersQueries(db, callerId);
  const [total] = await queries.count;
  const n = Number(total?.n ?? 0);
  if (n === 0) return { count: 0, results: [] };
  const rows = await queries.first;
  return { count: n, results: await paymentViews(db, rows, callerId, now) };
}

/**
 * A page range of the caller's list narrowed by the search (migration 0028): one statement reads the bounded count
 * and the page's payments through the entries' indexes — the person's, the amount's, the note's trigrams or the
 * list's own (dates) — chosen by the planner for the filters given; never a scan of the history. Pages are an OFFSET
 * within the matches, at most SEARCH_COUNT_CAP of them.
 */
async function searchPayments(db: Reader, callerId: string, q: ListQuery, search: ActivitySearch, now: Date) {
  const page = (await db.execute(searchStatement(callerId, q, search))) as unknown as { rows: PageRow[] };
  const total = Number(page.rows[0]?.total ?? 0);
  return pageOfRows(db, page.rows, total, callerId, now);
}

/** A page's answer from its rows (payments joined with their parties' usernames; a row without id: none matched). */
async function pageOfRows(db: Reader, rows: PageRow[], total: number, callerId: string, now: Date) {
  const found = rows.filter((r) => r.id !== null && r.id !== undefined);
  const names = new Map<string, string | null>();
  for (const r of found) {
    names.set(r.sender_user_id as string, (r.sender_username as string | null) ?? null);
    names.set(r.receiver_user_id as string, (r.receiver_username as string | null) ?? null);
  }
  return {
    totalPages: Math.ceil(total / PAYMENT_PAGE_SIZE),
    results: await paymentViews(db, found.map(paymentOfRow), callerId, now, names),
  };
}

/** The search's one statement: the bounded count and the page's payments with their parties' usernames. */
export function searchStatement(callerId: string, q: ListQuery, search: ActivitySearch) {
  const where = searchConditions(callerId, q, search);
  const offset = (q.startPage - 1) * PAYMENT_PAGE_SIZE;
  const limit = Math.max(0, Math.min((q.endPage - q.startPage + 1) * PAYMENT_PAGE_SIZE, SEARCH_COUNT_CAP - offset));
  return sql`WITH matches AS (
      SELECT a.payment_id, a.created_at FROM activity_entries a WHERE ${where}
      ORDER BY a.created_at DESC, a.payment_id DESC
      OFFSET ${offset}::bigint LIMIT ${limit}::integer
    ), counted AS (
      SELECT count(*) AS total FROM (SELECT 1 FROM activity_entries a WHERE ${where} LIMIT ${SEARCH_COUNT_CAP}::integer) c
    )
    SELECT counted.total, 0 AS loose, p.*, su.username AS sender_username, ru.username AS receiver_username
    FROM counted
    LEFT JOIN matches m ON true
    LEFT JOIN payments p ON p.id = m.payment_id
    LEFT JOIN users su ON su.id = p.sender_user_id
    LEFT JOIN users ru ON ru.id = p.receiver_user_id
    ORDER BY m.created_at DESC, m.payment_id DESC`;
}

/** The search's WHERE over activity_entries `a`: the caller's entries of the tab, and each filter given. */
function searchConditions(callerId: string, q: Pick<ListQuery, 'status' | 'type'>, search: ActivitySearch) {
  const conditions = [sql`a.user_id = ${callerId}::uuid`, sql`a.class = ANY (${`{${tabClasses(q).join(',')}}`}::smallint[])`];
  if (search.person !== undefined) {
    // An unknown username is no row: the condition matches nothing.
    conditions.push(sql`a.counterparty_id = (SELECT u.id FROM users u WHERE lower(u.username) = lower(${search.person}))`);
  }
  if (search.text !== undefined) conditions.push(sql`a.note ILIKE ${containsPattern(search.text)}`);
  if (search.minCents !== undefined) conditions.push(sql`a.amount_cents >= ${search.minCents}::bigint`);
  if (search.maxCents !== undefined) conditions.push(sql`a.amount_cents <= ${search.maxCents}::bigint`);
  if (search.from !== undefined) conditions.push(sql`a.created_at >= ${search.from.toISOString()}::timestamptz`);
  if (search.to !== undefined) conditions.push(sql`a.created_at < ${search.to.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` AND `);
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
