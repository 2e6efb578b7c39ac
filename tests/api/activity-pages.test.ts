import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { pageStatement } from '../../server/payments/views';
import { DAY, STATUSES, TABS, dayOf, insertPayment, listOf, monthOf, seeded, storedCounts, tally, type HistoryRow as Row } from '../support/activity-history';

/**
 * The activity list's pages and totalPages come from activity_entries and the counts (migrations 0023 and 0032: the
 * triggers' deltas in activity_counts, merged into activity_days and activity_months), kept by triggers on payments.
 * Here a random history (rows written straight to payments, as any writer could, over several days with ties on the
 * same instant, then statuses changed) is paged through the API in every tab, and compared with a plain model of the
 * list: the payments of the user, filtered by the tab, newest first (created_at, then id).
 */
describe.each(databaseKinds())('activity pages on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let me: TestUser;
  let others: TestUser[];
  const rows: Row[] = [];

  const expected = (status: string, type: string, user = me) => listOf(rows, user.id, status, type);

  const insert = async (r: Row) => {
    await insertPayment(api.fresh.database, r);
    rows.push(r);
  };

  const setStatus = async (r: Row, status: string) => {
    await api.fresh.database.rows(sql`UPDATE payments SET status = ${status} WHERE id = ${r.id}`);
    r.status = status;
  };

  const ids = async (status: string, type: string, startPage: number, endPage = startPage, user = me) => {
    const res = await client.list(user, `startPage=${startPage}&endPage=${endPage}&status=${status}&type=${type}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { totalPages: number; results: { payment_id: string }[] };
    return { totalPages: body.totalPages, ids: body.results.map((p) => p.payment_id) };
  };

  const checkEveryTab = async (user = me) => {
    for (const { status, type } of TABS) {
      const want = expected(status, type, user);
      const pages = Math.ceil(want.length / 20);
      const seen: string[] = [];
      for (let page = 1; page <= pages + 1; page++) {
        const got = await ids(status, type, page, page, user);
        expect(got.totalPages, `${status}/${type} page ${page}`).toBe(pages);
        seen.push(...got.ids);
      }
      expect(seen, `${status}/${type}`).toEqual(want);
      if (pages >= 3) expect((await ids(status, type, 2, 3, user)).ids).toEqual(want.slice(20, 60));
    }
  };

  const stored = (user: TestUser) => storedCounts(api.fresh.database, user.id);

  beforeAll(async () => {
    api = await startApi(kind);
    client = paymentsClient(api);
    const now = api.clock.now();
    me = await createUser(api.fresh.database, now);
    others = [await createUser(api.fresh.database, now), await createUser(api.fresh.database, now)];
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  it('an empty history has no pages', async () => {
    expect(await ids('all', 'all', 1)).toEqual({ totalPages: 0, ids: [] });
  });

  it('every tab, every page, equals the model for a random history over several days, before and after status changes', { timeout: 120_000 }, async () => {
    const pick = seeded(26);
    const base = Date.UTC(2026, 9, 1, 22, 0, 0);
    let previous = new Date(base);
    for (let i = 0; i < 150; i++) {
      const other = others[pick(2)]!;
      const mine = pick(10) > 0; // one in ten is between the two others: never in my list
      const paying = pick(2) === 0;
      // Spread over five days, around midnight UTC too; one in five on the same instant as the row before.
      const createdAt = pick(5) === 0 ? previous : new Date(base + pick(5) * DAY + pick(4 * 3600) * 1000 - 2 * 3600 * 1000);
      previous = createdAt;
      await insert({
        id: randomUUID(),
        kind: pick(3) === 0 ? 'request' : 'send',
        status: STATUSES[pick(STATUSES.length)]!,
        createdAt,
        sender: mine ? (paying ? me.id : other.id) : others[0]!.id,
        receiver: mine ? (paying ? other.id : me.id) : others[1]!.id,
      });
    }
    await checkEveryTab();
    for (let i = 0; i < 60; i++) await setStatus(rows[pick(rows.length)]!, STATUSES[pick(STATUSES.length)]!);
    await checkEveryTab();
  });

  it('past 256 unmerged count deltas a read merges them into one row per class and day and per class and month, and the pages stay the same', { timeout: 120_000 }, async () => {
    const pick = seeded(7);
    const base = Date.UTC(2026, 10, 3, 12, 0, 0);
    for (let i = 0; i < 300; i++) {
      await insert({
        id: randomUUID(),
        kind: 'send',
        status: pick(2) === 0 ? 'complete' : 'new',
        createdAt: new Date(base + pick(3) * DAY + i * 1000),
        sender: me.id,
        receiver: others[pick(2)]!.id,
      });
    }
    expect((await stored(me)).deltas.length).toBeGreaterThan(256);
    await ids('all', 'all', 1);
    expect(await stored(me)).toEqual({ deltas: [], days: tally(rows, me.id, dayOf), months: tally(rows, me.id, monthOf) });
    await checkEveryTab();
  });

  it('a history over several months: merged into month rows, every page the same, with deltas on top of those months and after merging them', { timeout: 180_000 }, async () => {
    const ivy = await createUser(api.fresh.database, api.clock.now());
    const HOUR = 3_600_000;
    const add = (n: number, kind: Row['kind'], status: string, ivyPays: boolean, at: (i: number) => number) =>
      Array.from({ length: n }, (_, i) => ({
        id: randomUUID(),
        kind,
        status,
        createdAt: new Date(at(i)),
        sender: ivyPays ? ivy.id : others[i % 2]!.id,
        receiver: ivyPays ? others[i % 2]!.id : ivy.id,
      }));
    // August to November 2026, with entries on both sides of each month's edge (the last millisecond of August and of
    // October, the first of September and of November) and ten requests on one instant.
    const august = add(45, 'send', 'complete', true, (i) => (i === 44 ? Date.UTC(2026, 7, 31, 23, 59, 59, 999) : Date.UTC(2026, 7, 1) + i * 16 * HOUR));
    const september = add(20, 'send', 'complete', false, (i) => Date.UTC(2026, 8, 1) + i * 30 * HOUR);
    const asked = add(10, 'request', 'requested', false, () => Date.UTC(2026, 8, 15, 12));
    const october = add(25, 'send', 'complete', true, (i) => Date.UTC(2026, 9, 31, 23, 59, 59, 999) - i * 20 * HOUR);
    const november = add(10, 'send', 'complete', true, (i) => Date.UTC(2026, 10, 1) + i * 3 * HOUR);
    for (const r of [...august, ...september, ...asked, ...october, ...november]) await insert(r);

    const totalPages = async () => Object.fromEntries(await Promise.all(TABS.map(async ({ status, type }) => [`${status}/${type}`, (await ids(status, type, 1, 1, ivy)).totalPages])));
    const merge = async () => Number((await api.fresh.database.rows<{ n: number }>(sql`SELECT activity_compact(${ivy.id}::uuid) AS n`))[0]!.n);
    const month = (y: number, m: number) => Date.UTC(y, m - 1, 1) / DAY;

    // 110 payments: below the read's merge threshold, so these pages are read from the deltas alone.
    const before = { 'all/all': 6, 'all/pay': 5, 'all/request': 1, 'pending/all': 1, 'pending/pay': 0, 'pending/request': 1, 'complete/all': 5, 'complete/pay': 5, 'complete/request': 0 };
    expect(await totalPages()).toEqual(before);
    await checkEveryTab(ivy);

    expect(await merge()).toBe(110);
    expect((await stored(ivy)).months).toEqual([
      { class: 1, at: month(2026, 9), n: 10 },
      { class: 2, at: month(2026, 8), n: 45 },
      { class: 2, at: month(2026, 9), n: 20 },
      { class: 2, at: month(2026, 10), n: 25 },
      { class: 2, at: month(2026, 11), n: 10 },
    ]);
    expect(await stored(ivy)).toMatchObject({ deltas: [], days: tally(rows, ivy.id, dayOf) });
    expect(await totalPages()).toEqual(before);
    await checkEveryTab(ivy);

    // Changes inside months already merged: four August sends rejected, every September request paid, and three
    // payments dated in July, a month with no row yet. They stay deltas on top of the month rows until merged.
    for (const r of august.slice(10, 14)) await setStatus(r, 'rejected');
    for (const r of asked) await setStatus(r, 'complete');
    for (const r of add(3, 'send', 'complete', true, (i) => Date.UTC(2026, 6, 31, 23, 59, 59, 999) - i * HOUR)) await insert(r);
    const after = { 'all/all': 6, 'all/pay': 6, 'all/request': 1, 'pending/all': 0, 'pending/pay': 0, 'pending/request': 0, 'complete/all': 6, 'complete/pay': 5, 'complete/request': 1 };
    expect(await totalPages()).toEqual(after);
    await checkEveryTab(ivy);

    expect(await merge()).toBe(4 * 2 + 10 * 2 + 3);
    expect((await stored(ivy)).months).toEqual([
      { class: 2, at: month(2026, 7), n: 3 },
      { class: 2, at: month(2026, 8), n: 41 },
      { class: 2, at: month(2026, 9), n: 20 },
      { class: 2, at: month(2026, 10), n: 25 },
      { class: 2, at: month(2026, 11), n: 10 },
      { class: 3, at: month(2026, 9), n: 10 },
      { class: 4, at: month(2026, 8), n: 4 },
    ]);
    expect(await stored(ivy)).toMatchObject({ deltas: [], days: tally(rows, ivy.id, dayOf) });
    expect(await totalPages()).toEqual(after);
    await checkEveryTab(ivy);
  });
  // On PostgreSQL only (the plan is the server's concern; PGlite's planner is the same code): defined, not skipped.
  if (kind.name === 'postgres') {
    it('on PostgreSQL a page joins its rows to payments by primary key, never by a scan of every payment', { timeout: 120_000 }, async () => {
      const db = api.fresh.database;
      // 10,000 payments between two other people: the size at which, planned for activity_page's default 1,000
      // rows, a hash join over a Seq Scan of payments looked cheaper than probing payments_pkey (migration 0033).
      const [a, b] = [await createUser(db, api.clock.now()), await createUser(db, api.clock.now())];
      await db.rows(sql`
        INSERT INTO payments (id, kind, status, sender_user_id, receiver_user_id, created_by_user_id, amount_cents, fee_cents,
          payment_method_id, description, created_at, updated_at)
        SELECT gen_random_uuid(), 'send', 'complete', ${a!.id}::uuid, ${b!.id}::uuid, ${a!.id}::uuid, 100 + g, 0, 'balance', NULL,
          now() - make_interval(secs => g * 60), now() - make_interval(secs => g * 60)
        FROM generate_series(1, 10000) g`);
      await db.rows(sql`ANALYZE payments`);
      await db.rows(sql`ANALYZE users`);
      for (const user of [me, a!]) {
        for (const { status, type } of TABS) {
          for (const [startPage, endPage] of [[1, 1], [7, 7], [2, 3]] as const) {
            const plan = (await db.rows<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${pageStatement(user.id, { status, type, startPage, endPage })}`))
              .map((r) => r['QUERY PLAN'])
              .join('\n');
            const what = `${user === me ? 'me' : 'the crowd'}, ${status}/${type}, pages ${startPage}-${endPage}`;
            expect(plan, what).not.toMatch(/Seq Scan on payments/);
            expect(plan, what).toMatch(/Index Scan using payments_pkey on payments p/);
          }
        }
      }
    });
  }
});
