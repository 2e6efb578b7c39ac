import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { databaseKinds } from '../support/databases';
import { createUser } from '../support/money';
import { DAY, STATUSES, TABS, dayOf, insertPayment, listOf, monthOf, seeded, storedCounts, tally, type HistoryRow } from '../support/activity-history';

/**
 * Migration 0032 on a database that already has activity counts in 0023's shape (rows merged per class and day by
 * the old activity_compact, and deltas on top): they become day and month rows, and every page of every tab is the
 * plain model's, before and after payments written once it has run.
 */
/** The classes of each tab, as docs/money.md defines them (status group × 2 + 1 for a request). */
const CLASSES: Record<string, number[]> = {
  'all/all': [0, 1, 2, 3, 4, 5],
  'all/pay': [0, 2, 4],
  'all/request': [1, 3, 5],
  'pending/all': [0, 1],
  'pending/pay': [0],
  'pending/request': [1],
  'complete/all': [2, 3],
  'complete/pay': [2],
  'complete/request': [3],
};

describe.each(databaseKinds({ migratedBefore: '0032' }))('migration 0032 (activity month rows) on $name', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const rows: HistoryRow[] = [];

  beforeAll(async () => {
    ({ database, dispose } = await kind.open());
  }, 60_000);
  afterAll(async () => {
    await dispose();
  });

  /** Every page of every tab through activity_page, 20 a page, against the model. */
  const checkEveryTab = async (userId: string) => {
    for (const { status, type } of TABS) {
      const want = listOf(rows, userId, status, type);
      const seen: string[] = [];
      for (let offset = 0; offset <= want.length; offset += 20) {
        const page = await database.rows<{ total: string | number; payment_id: string | null }>(
          sql`SELECT pg.total, pg.payment_id
            FROM activity_page(${userId}::uuid, ${`{${CLASSES[`${status}/${type}`]!.join(',')}}`}::smallint[], ${offset}::bigint, 20)
              WITH ORDINALITY AS pg (total, loose, payment_id, n)
            ORDER BY pg.n`,
        );
        expect(new Set(page.map((r) => Number(r.total))), `${status}/${type} at ${offset}`).toEqual(new Set([want.length]));
        seen.push(...page.flatMap((r) => (r.payment_id === null ? [] : [r.payment_id])));
      }
      expect(seen, `${status}/${type}`).toEqual(want);
    }
  };

  it('turns the old day rows and deltas into day and month rows with the same pages, then keeps up', { timeout: 120_000 }, async () => {
    const now = new Date();
    const me = await createUser(database, now);
    const other = await createUser(database, now);
    const pick = seeded(32);
    const write = async (n: number, from: number, span: number) => {
      for (let i = 0; i < n; i++) {
        const paying = pick(2) === 0;
        const r: HistoryRow = {
          id: randomUUID(),
          kind: pick(3) === 0 ? 'request' : 'send',
          status: STATUSES[pick(STATUSES.length)]!,
          createdAt: new Date(from + pick(span) * 1000),
          sender: paying ? me.id : other.id,
          receiver: paying ? other.id : me.id,
        };
        await insertPayment(database, r);
        rows.push(r);
      }
    };
    const setStatuses = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const r = rows[pick(rows.length)]!;
        r.status = STATUSES[pick(STATUSES.length)]!;
        await database.rows(sql`UPDATE payments SET status = ${r.status} WHERE id = ${r.id}`);
      }
    };

    // June to September 2026: merged by 0023's activity_compact into one row per class and day, then more deltas.
    await write(160, Date.UTC(2026, 5, 1), (120 * DAY) / 1000);
    await setStatuses(40);
    await database.rows(sql`SELECT activity_compact(${me.id}::uuid)`);
    await write(20, Date.UTC(2026, 6, 30), (4 * DAY) / 1000);
    await setStatuses(20);

    expect((await migrate(database))[0]).toBe('0032_activity_months');
    expect(await storedCounts(database, me.id)).toEqual({ deltas: [], days: tally(rows, me.id, dayOf), months: tally(rows, me.id, monthOf) });
    await checkEveryTab(me.id);

    // Written after it: deltas on top of the month rows (older months included), then merged into them.
    await write(30, Date.UTC(2026, 4, 20), (150 * DAY) / 1000);
    await setStatuses(30);
    await checkEveryTab(me.id);
    await database.rows(sql`SELECT activity_compact(${me.id}::uuid)`);
    expect(await storedCounts(database, me.id)).toEqual({ deltas: [], days: tally(rows, me.id, dayOf), months: tally(rows, me.id, monthOf) });
    await checkEveryTab(me.id);
  });
});
