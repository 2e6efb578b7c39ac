import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';

/**
 * A plain model of a user's activity list and of the counts kept for it (migrations 0023 and 0032), for the tests that
 * write payments straight into the table (as any writer could) and check the list and the counts against it.
 */

/** A small deterministic generator: `pick(n)` is in 0..n-1. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 8) % n;
  };
}

export const STATUSES = ['created', 'requested', 'awaiting', 'new', 'processing', 'complete', 'rejected', 'failed', 'cancelled'] as const;
const PENDING = new Set(['created', 'requested', 'awaiting', 'new', 'processing']);
export const DAY = 86_400_000;

export interface HistoryRow {
  id: string;
  kind: 'send' | 'request';
  status: string;
  createdAt: Date;
  sender: string;
  receiver: string;
}

export const TABS = (['all', 'pending', 'complete'] as const).flatMap((status) => (['all', 'pay', 'request'] as const).map((type) => ({ status, type })));

/** A user's payments in a tab, newest first (created_at, then id, both descending): the list the spec asks for. */
export function listOf(rows: HistoryRow[], userId: string, status: string, type: string): string[] {
  return rows
    .filter((r) => r.sender === userId || r.receiver === userId)
    .filter((r) => status === 'all' || (status === 'pending' ? PENDING.has(r.status) : r.status === status))
    .filter((r) => type === 'all' || (type === 'request' ? r.kind === 'request' : r.kind !== 'request'))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((r) => r.id);
}

/** The tab class of a row, as docs/money.md defines it: status group (pending 0, complete 1, other 2) × 2 + request. */
const classOf = (r: HistoryRow) => (PENDING.has(r.status) ? 0 : r.status === 'complete' ? 1 : 2) * 2 + (r.kind === 'request' ? 1 : 0);
/** A UTC day as days since 1970-01-01, and a UTC month as the days since 1970-01-01 of its first day. */
export const dayOf = (at: Date) => Math.floor(at.getTime() / DAY);
export const monthOf = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1) / DAY;

export interface Count {
  class: number;
  at: number;
  n: number;
}

/** How many of a user's rows there are per class and day (or month), by class then time: what the counts must hold. */
export function tally(rows: HistoryRow[], userId: string, grain: (at: Date) => number): Count[] {
  const counts = new Map<string, Count>();
  for (const r of rows.filter((row) => row.sender === userId || row.receiver === userId)) {
    const at = grain(r.createdAt);
    const key = `${classOf(r)}:${at}`;
    const count = counts.get(key) ?? { class: classOf(r), at, n: 0 };
    count.n += 1;
    counts.set(key, count);
  }
  return [...counts.values()].sort((a, b) => a.class - b.class || a.at - b.at);
}

/** A user's count rows as stored: the deltas not yet merged, and the merged day and month rows (migration 0032). */
export async function storedCounts(database: Database, userId: string) {
  const read = async (query: ReturnType<typeof sql>) =>
    (await database.rows<{ class: number; at: number | string; n: number | string }>(query)).map((r) => ({
      class: Number(r.class),
      at: Number(r.at),
      n: Number(r.n),
    }));
  return {
    deltas: await read(sql`SELECT class, day AS at, n FROM activity_counts WHERE user_id = ${userId} ORDER BY class, day`),
    days: await read(sql`SELECT class, day AS at, n FROM activity_days WHERE user_id = ${userId} ORDER BY class, day`),
    months: await read(sql`SELECT class, month AS at, n FROM activity_months WHERE user_id = ${userId} ORDER BY class, month`),
  };
}

/** Writes a row straight into payments, as any writer could (the triggers keep the list and the counts). */
export async function insertPayment(database: Database, r: HistoryRow) {
  await database.rows(sql`
    INSERT INTO payments (id, kind, status, sender_user_id, receiver_user_id, created_by_user_id, amount_cents, fee_cents,
      payment_method_id, created_at, updated_at)
    VALUES (${r.id}, ${r.kind}, ${r.status}, ${r.sender}, ${r.receiver}, ${r.sender}, 100, 0, 'balance', ${r.createdAt.toISOString()}, ${r.createdAt.toISOString()})`);
}
