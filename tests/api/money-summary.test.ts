import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createTestMedia, createUser, fundWallet, type TestUser } from '../support/money';
import { postEntry } from '../../server/ledger/post-entry';
import { postMessage, sendPayment } from '../../server/payments/service';
import { createPricePoint } from '../../server/payments/price-points';
import { walletTotalsBreaches } from '../../server/audit/wallet-totals';
import { sql } from 'drizzle-orm';

/**
 * The money chart's call (issue 26.1) against a model: random histories (fast-check) of card deposits (some with a
 * fee), sends, receipts, withdrawals, price points bought (claimed by the creator or still held) and sold (claimed
 * by the user), at random instants over the last 40 days, written through the real ledger and payment code. The
 * expected buckets and totals are computed here from the generated history (local dates by Intl, weeks by date
 * arithmetic), never by the code under test.
 */
const DAY = 86_400_000;
const ZONES = ['UTC', 'America/Sao_Paulo', 'Asia/Tokyo'];
/** Zones whose offsets are not whole hours (+05:30, +05:45, +08:45, -03:30 with summer time). */
const ODD_ZONES = ['Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Eucla', 'America/St_Johns'];

type Op =
  | { type: 'deposit'; cents: number; feeCents: number; ago: number }
  | { type: 'send' | 'receive' | 'withdraw'; cents: number; ago: number }
  | { type: 'buy'; claimed: boolean; ago: number }
  | { type: 'sell'; ago: number };

interface Moved {
  at: number;
  /** On the user's wallet (signed), 0 when it did not touch it. */
  wallet: number;
  received: number;
  orders: number;
  sent: number;
  fees: number;
  withdrawn: number;
}

const ago = fc.integer({ min: 0, max: 40 * DAY });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), cents: fc.integer({ min: 1, max: 50_000 }), feeCents: fc.constantFrom(0, 59, 330), ago }),
  fc.record({ type: fc.constantFrom('send' as const, 'receive' as const, 'withdraw' as const), cents: fc.integer({ min: 1, max: 20_000 }), ago }),
  fc.record({ type: fc.constant('buy' as const), claimed: fc.boolean(), ago }),
  fc.record({ type: fc.constant('sell' as const), ago }),
);

const PRICE = 7_25;
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The local date (YYYY-MM-DD) of an instant in a zone: Intl, not PostgreSQL. */
const localDate = (at: number, tz: string) => new Intl.DateTimeFormat('sv-SE', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** The Monday of a local date's ISO week. */
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

describe.each(databaseKinds())('money summary on $name', (kind) => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(kind);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  const get = (u: TestUser, query: string, userId = u.id) =>
    api.inject({ method: 'GET', url: `/api/app/user/${userId}/summary${query}`, headers: { authtoken: u.token } });

  async function write(me: TestUser, other: TestUser, creator: TestUser, now: number, ops: Op[]) {
    const database = api.fresh.database;
    const db = database.db;
    const moved: Moved[] = [];
    let balance = 0;
    let held = 0;
    const zero = { wallet: 0, received: 0, orders: 0, sent: 0, fees: 0, withdrawn: 0 };
    const theirPoint = await createPricePoint(db, { creatorUserId: creator.id, priceCents: PRICE, description: 'a photo', mediaType: 'photo', now: new Date(now - 50 * DAY) });
    const creatorPhoto = await createTestMedia(database, creator.id, 'photo');
    let myPoint: string | null = null;
    let myPhoto: string | null = null;
    for (const o of [...ops].sort((a, b) => b.ago - a.ago)) {
      const at = now - o.ago;
      const when = new Date(at);
      if (o.type === 'deposit') {
        await db.transaction((tx) =>
          postEntry(tx, {
            kind: 'card_deposit',
            description: `deposit ${at}`,
            createdAt: when,
            postings: [
              { account: { system: 'card_clearing' }, amountCents: -(o.cents + o.feeCents) },
              { account: { wallet: me.id }, amountCents: o.cents },
              ...(o.feeCents > 0 ? [{ account: { system: 'fee_revenue' } as const, amountCents: o.feeCents }] : []),
            ],
          }),
        );
        balance += o.cents;
        moved.push({ ...zero, at, wallet: o.cents, fees: o.feeCents });
      } else if (o.type === 'send' || o.type === 'receive') {
        if (o.type === 'send' && o.cents > balance) continue; // the model's wallet may not go below zero either
        const [from, to] = o.type === 'send' ? [me, other] : [other, me];
        await db.transaction((tx) => sendPayment({ tx, now: when, userId: from.id }, { receiverUserId: to.id, amountCents: o.cents, paymentMethodId: 'balance' }));
        balance += o.type === 'send' ? -o.cents : o.cents;
        moved.push(o.type === 'send' ? { ...zero, at, wallet: -o.cents, sent: o.cents } : { ...zero, at, wallet: o.cents, received: o.cents });
      } else if (o.type === 'withdraw') {
        if (o.cents > balance) continue;
        await db.transaction((tx) =>
          postEntry(tx, {
            kind: 'withdrawal',
            description: `withdrawal ${at}`,
            createdAt: when,
            postings: [
              { account: { wallet: me.id }, amountCents: -o.cents },
              { account: { system: 'payout_clearing' }, amountCents: o.cents },
            ],
          }),
        );
        balance -= o.cents;
        moved.push({ ...zero, at, wallet: -o.cents, withdrawn: o.cents });
      } else if (o.type === 'buy') {
        if (PRICE > balance) continue;
        const payment = await db.transaction((tx) =>
          sendPayment({ tx, now: when, userId: me.id }, { receiverUserId: creator.id, amountCents: PRICE, paymentMethodId: 'balance', pricePointId: theirPoint }),
        );
        balance -= PRICE;
        moved.push({ ...zero, at, wallet: -PRICE });
        if (o.claimed) {
          await db.transaction((tx) => postMessage({ tx, now: when, userId: creator.id }, { paymentId: payment.id, message: 'here', messageMediaId: creatorPhoto }));
          moved.push({ ...zero, at, sent: PRICE });
        } else held += PRICE;
      } else {
        myPoint ??= await createPricePoint(db, { creatorUserId: me.id, priceCents: PRICE, description: 'my photo', mediaType: 'photo', now: new Date(now - 50 * DAY) });
        myPhoto ??= await createTestMedia(database, me.id, 'photo');
        const payment = await db.transaction((tx) =>
          sendPayment({ tx, now: when, userId: other.id }, { receiverUserId: me.id, amountCents: PRICE, paymentMethodId: 'balance', pricePointId: myPoint! }),
        );
        await db.transaction((tx) => postMessage({ tx, now: when, userId: me.id }, { paymentId: payment.id, message: 'thanks', messageMediaId: myPhoto! }));
        balance += PRICE;
        moved.push({ ...zero, at, wallet: PRICE, received: PRICE, orders: PRICE });
      }
    }
    return { moved, held, creator: myPoint !== null };
  }

  async function check(me: TestUser, history: Awaited<ReturnType<typeof write>>, now: number, period: '30d' | '26w', tz: string) {
    const today = localDate(now, tz);
    const byWeek = period === '26w';
    const keyOf = (at: number) => (byWeek ? mondayOf(localDate(at, tz)) : localDate(at, tz));
    const last = byWeek ? mondayOf(today) : today;
    const keys = Array.from({ length: byWeek ? 26 : 30 }, (_, i) => addDays(last, (i - (byWeek ? 25 : 29)) * (byWeek ? 7 : 1)));
    const inside = history.moved.filter((m) => keyOf(m.at) >= keys[0]!);
    const sum = (f: (m: Moved) => number, ms = inside) => ms.reduce((s, m) => s + f(m), 0);

    const res = await get(me, `?period=${period}&tz=${encodeURIComponent(tz)}`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({ period, unit: byWeek ? 'week' : 'day', time_zone: tz, creator: history.creator });
    expect(summary.buckets.map((b: { date: string }) => b.date)).toEqual(keys);
    for (const [i, b] of (summary.buckets as Array<{ money_in: string; money_out: string }>).entries()) {
      const here = inside.filter((m) => keyOf(m.at) === keys[i]);
      expect(cents(b.money_in), `${keys[i]} in`).toBe(sum((m) => Math.max(m.wallet, 0), here));
      expect(cents(b.money_out), `${keys[i]} out`).toBe(sum((m) => Math.max(-m.wallet, 0), here));
    }
    const t = summary.totals;
    expect(cents(t.money_in)).toBe(sum((m) => Math.max(m.wallet, 0)));
    expect(cents(t.money_out)).toBe(sum((m) => Math.max(-m.wallet, 0)));
    expect(cents(t.received)).toBe(sum((m) => m.received));
    expect(cents(t.sent)).toBe(sum((m) => m.sent));
    expect(cents(t.fees)).toBe(sum((m) => m.fees));
    expect(cents(t.withdrawn)).toBe(sum((m) => m.withdrawn));
    expect(cents(t.held)).toBe(history.held);
    if (history.creator) {
      expect(cents(t.orders)).toBe(sum((m) => m.orders));
      expect(cents(t.tips)).toBe(sum((m) => m.received - m.orders));
    } else expect([t.orders, t.tips]).toEqual([null, null]);
    // The period's bounds are the first bucket's first instant and the last one's end, in the zone.
    expect(localDate(Date.parse(summary.period_start), tz)).toBe(keys[0]);
    expect(localDate(Date.parse(summary.period_start) - 1, tz)).toBe(addDays(keys[0]!, -1));
  }

  it('buckets and totals equal the model for random histories, by day and by week, in three zones (fast-check)', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 16 }), fc.constantFrom(...ZONES), async (ops, tz) => {
        const now = api.clock.now().getTime();
        const me = await createUser(api.fresh.database, new Date(now));
        const other = await createUser(api.fresh.database, new Date(now));
        const creator = await createUser(api.fresh.database, new Date(now));
        await fundWallet(api.fresh.database, other.id, 10_000_000, new Date(now - 60 * DAY));
        const history = await write(me, other, creator, now, ops);
        await check(me, history, now, '30d', tz);
        await check(me, history, now, '26w', tz);
      }),
      { numRuns: 6 },
    );
  });

  /** Three people and a history of `ops` (at `now` minus each op's `ago`), then the summary checked by day and by week. */
  async function historyChecked(ops: Op[], tz: string, now: number) {
    const me = await createUser(api.fresh.database, new Date(now));
    const other = await createUser(api.fresh.database, new Date(now));
    const creator = await createUser(api.fresh.database, new Date(now));
    await fundWallet(api.fresh.database, other.id, 10_000_000, new Date(now - 60 * DAY));
    const history = await write(me, other, creator, now, ops);
    await check(me, history, now, '30d', tz);
    await check(me, history, now, '26w', tz);
    return me;
  }

  it('the same in zones whose offsets are :30 or :45 past the hour (fast-check)', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), fc.constantFrom(...ODD_ZONES), async (ops, tz) => {
        await historyChecked(ops, tz, api.clock.now().getTime());
      }),
      { numRuns: 6 },
    );
  });

  it('a movement a millisecond before local midnight and one at midnight fall on their own days (Kathmandu, Kolkata)', async () => {
    const now = api.clock.now().getTime();
    for (const [tz, offset] of [
      ['Asia/Kathmandu', '+05:45'],
      ['Asia/Kolkata', '+05:30'],
    ] as const) {
      // Local midnight three days ago: a quarter-hour boundary in UTC, but not an hour's.
      const midnight = Date.parse(`${localDate(now - 3 * DAY, tz)}T00:00:00${offset}`);
      const at = (instant: number) => now - instant;
      const ops: Op[] = [
        { type: 'deposit', cents: 10_000, feeCents: 59, ago: at(midnight - 1) },
        { type: 'deposit', cents: 20_000, feeCents: 330, ago: at(midnight) },
        { type: 'send', cents: 300, ago: at(midnight - 1) },
        { type: 'withdraw', cents: 400, ago: at(midnight) },
        { type: 'receive', cents: 500, ago: at(midnight + 14 * 60_000 + 59_999) },
      ];
      await historyChecked(ops, tz, now);
    }
  });

  it('a zone whose day does not start on a quarter hour is summed from the ledger itself (Monrovia, -00:44:30, in 1971)', async () => {
    const offset = api.clock.offset;
    // Liberia kept -00:44:30 until 1972: its local midnight is 00:44:30 UTC, inside the quarter hour from 00:30.
    api.clock.setOffset(Date.parse('1971-06-15T12:00:00Z') - Date.now());
    try {
      const now = api.clock.now().getTime();
      const midnight = Date.parse('1971-06-10T00:44:30Z');
      const ops: Op[] = [
        { type: 'deposit', cents: 10_000, feeCents: 59, ago: now - (midnight - 270_000) },
        { type: 'deposit', cents: 20_000, feeCents: 0, ago: now - (midnight + 10_000) },
        { type: 'send', cents: 700, ago: now - (midnight - 1) },
        { type: 'receive', cents: 900, ago: now - midnight },
      ];
      await historyChecked(ops, 'Africa/Monrovia', now);
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (more) => {
          await historyChecked(more, 'Africa/Monrovia', now);
        }),
        { numRuns: 2 },
      );
    } finally {
      api.clock.setOffset(offset);
    }
  });

  it('merging a user\'s quarter rows changes no figure; a read past 256 mergeable rows merges them', async () => {
    const now = api.clock.now().getTime();
    const quarter = Math.floor((now - 2 * DAY) / 900_000) * 900_000;
    const ops: Op[] = Array.from({ length: 6 }, (_, i) => ({ type: 'deposit' as const, cents: 1_000 + i, feeCents: 59, ago: now - (quarter + i * 1_000) }));
    const me = await historyChecked(ops, 'Asia/Kolkata', now);
    const rowsOf = async () =>
      Number((await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM wallet_totals WHERE user_id = ${me.id}`))[0]!.n);
    const before = (await get(me, '?period=26w&tz=Asia/Kolkata')).json();
    // The six deposits fall in one quarter hour: six rows, merged into one.
    expect(await rowsOf()).toBe(6);
    await api.fresh.database.rows(sql`SELECT wallet_totals_compact(${me.id}::uuid)`);
    expect(await rowsOf()).toBe(1);
    expect((await get(me, '?period=26w&tz=Asia/Kolkata')).json()).toEqual(before);
    // Rows of nothing (as many as a busy quarter would leave): the next read merges them.
    await api.fresh.database.rows(sql`
      INSERT INTO wallet_totals (user_id, quarter) SELECT ${me.id}::uuid, wallet_quarter(${new Date(now - DAY).toISOString()}::timestamptz)
      FROM generate_series(1, 300)`);
    expect(await rowsOf()).toBe(301);
    expect((await get(me, '?period=26w&tz=Asia/Kolkata')).json()).toEqual(before);
    expect(await rowsOf()).toBe(2);
    expect((await get(me, '?period=26w&tz=Asia/Kolkata')).json()).toEqual(before);
  });

  it('the quarter-hour totals kept by the trigger equal the ledger for every user written above (the audit\'s check)', async () => {
    expect(await walletTotalsBreaches(api.fresh.database)).toEqual([]);
  });

  it('a user who never moved money gets 30 empty days (the default period, UTC)', async () => {
    const me = await createUser(api.fresh.database, api.clock.now());
    const res = await get(me, '');
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({ period: '30d', unit: 'day', time_zone: 'UTC', creator: false });
    expect(summary.buckets).toHaveLength(30);
    expect(summary.buckets.every((b: { money_in: string; money_out: string }) => b.money_in === '0.00' && b.money_out === '0.00')).toBe(true);
    expect(summary.totals).toEqual({ money_in: '0.00', money_out: '0.00', received: '0.00', sent: '0.00', fees: '0.00', withdrawn: '0.00', held: '0.00', orders: null, tips: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("another user's summary is 404, as if it did not exist", async () => {
    const me = await createUser(api.fresh.database, api.clock.now());
    const other = await createUser(api.fresh.database, api.clock.now());
    const res = await get(me, '?period=26w', other.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('a bad time zone is 422 in the caller’s language; a bad period is 400', async () => {
    const me = await createUser(api.fresh.database, api.clock.now());
    for (const [lang, detail] of [
      ['en', 'Unknown time zone.'],
      ['es', 'Zona horaria desconocida.'],
      ['pt', 'Fuso horário desconhecido.'],
    ] as const) {
      const res = await get(me, `?tz=Mars/Olympus&lang=${lang}`);
      expect(res.statusCode).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'summary_time_zone_invalid', detail });
    }
    const period = await get(me, '?period=7d');
    expect(period.statusCode).toBe(400);
    expect(period.json()).toMatchObject({ code: 'validation_failed' });
  });
});
