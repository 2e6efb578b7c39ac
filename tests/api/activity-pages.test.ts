import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';

/**
 * The activity list's pages and totalPages come from activity_entries and activity_counts (migration 0023), kept by
 * triggers on payments. Here a random history (rows written straight to payments, as any writer could, over several
 * days with ties on the same instant, then statuses changed) is paged through the API in every tab, and compared
 * with a plain model of the list: the payments of the user, filtered by the tab, newest first (created_at, then id).
 */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 8) % n;
  };
}

const STATUSES = ['created', 'requested', 'awaiting', 'new', 'processing', 'complete', 'rejected', 'failed', 'cancelled'] as const;
const PENDING = new Set(['created', 'requested', 'awaiting', 'new', 'processing']);
const DAY = 86_400_000;

interface Row {
  id: string;
  kind: 'send' | 'request';
  status: string;
  createdAt: Date;
  sender: string;
  receiver: string;
}

const TABS = (['all', 'pending', 'complete'] as const).flatMap((status) => (['all', 'pay', 'request'] as const).map((type) => ({ status, type })));

describe.each(databaseKinds())('activity pages on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let me: TestUser;
  let others: TestUser[];
  const rows: Row[] = [];

  const expected = (status: string, type: string) =>
    rows
      .filter((r) => r.sender === me.id || r.receiver === me.id)
      .filter((r) => status === 'all' || (status === 'pending' ? PENDING.has(r.status) : r.status === status))
      .filter((r) => type === 'all' || (type === 'request' ? r.kind === 'request' : r.kind !== 'request'))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((r) => r.id);

  const insert = async (r: Row) => {
    await api.fresh.database.rows(sql`
      INSERT INTO payments (id, kind, status, sender_user_id, receiver_user_id, created_by_user_id, amount_cents, fee_cents,
        payment_method_id, created_at, updated_at)
      VALUES (${r.id}, ${r.kind}, ${r.status}, ${r.sender}, ${r.receiver}, ${r.sender}, 100, 0, 'balance', ${r.createdAt.toISOString()}, ${r.createdAt.toISOString()})`);
    rows.push(r);
  };

  const setStatus = async (r: Row, status: string) => {
    await api.fresh.database.rows(sql`UPDATE payments SET status = ${status} WHERE id = ${r.id}`);
    r.status = status;
  };

  const ids = async (status: string, type: string, startPage: number, endPage = startPage) => {
    const res = await client.list(me, `startPage=${startPage}&endPage=${endPage}&status=${status}&type=${type}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { totalPages: number; results: { payment_id: string }[] };
    return { totalPages: body.totalPages, ids: body.results.map((p) => p.payment_id) };
  };

  const checkEveryTab = async () => {
    for (const { status, type } of TABS) {
      const want = expected(status, type);
      const pages = Math.ceil(want.length / 20);
      const seen: string[] = [];
      for (let page = 1; page <= pages + 1; page++) {
        const got = await ids(status, type, page);
        expect(got.totalPages, `${status}/${type} page ${page}`).toBe(pages);
        seen.push(...got.ids);
      }
      expect(seen, `${status}/${type}`).toEqual(want);
      if (pages >= 3) expect((await ids(status, type, 2, 3)).ids).toEqual(want.slice(20, 60));
    }
  };

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

  it('past 256 loose count rows a read merges them into one per class and day, and the pages stay the same', { timeout: 120_000 }, async () => {
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
    const countRows = async () =>
      Number((await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM activity_counts WHERE user_id = ${me.id}`))[0]!.n);
    const groups = async () =>
      Number(
        (await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM (SELECT DISTINCT class, day FROM activity_counts WHERE user_id = ${me.id}) g`))[0]!.n,
      );
    expect(await countRows()).toBeGreaterThan((await groups()) + 256);
    await ids('all', 'all', 1);
    expect(await countRows()).toBe(await groups());
    await checkEveryTab();
  });
});
