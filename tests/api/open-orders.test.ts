import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { FILES, walletClient } from '../support/wallet-client';
import { createPricePoint } from '../../server/payments/price-points';
import { openOrdersQueries } from '../../server/payments/views';

/** GET /app/user/{userId}/orders/open (issue 23 item 3): the creator's price-point orders waiting for their reply. */
describe.each(databaseKinds())('open orders on $name', (kind) => {
  let api: ApiHarness;
  let pay: ReturnType<typeof paymentsClient>;
  let wallet: ReturnType<typeof walletClient>;
  let fan: TestUser;
  let creator: TestUser;
  let eve: TestUser;
  const openOrders = (u: TestUser, of: TestUser = u) =>
    api.inject({ method: 'GET', url: `/api/app/user/${of.id}/orders/open`, headers: { authtoken: u.token } });

  beforeAll(async () => {
    api = await startApi(kind);
    pay = paymentsClient(api);
    wallet = walletClient(api);
    fan = await createUser(api.fresh.database, api.clock.now(), 'orders_fan');
    creator = await createUser(api.fresh.database, api.clock.now(), 'orders_maya');
    eve = await createUser(api.fresh.database, api.clock.now(), 'orders_eve');
    await fundWallet(api.fresh.database, fan.id, 100_00, api.clock.now());
  });
  afterAll(async () => {
    await api.close();
  });

  it('lists held price-point orders to their creator only, nearest deadline first, and drops each once answered', async () => {
    expect((await openOrders(creator)).json()).toEqual({ count: 0, results: [] });
    const portrait = await createPricePoint(api.fresh.database.db, {
      creatorUserId: creator.id,
      priceCents: 25_00,
      description: 'A pet portrait',
      mediaType: 'photo',
      now: api.clock.now(),
    });
    const shoutOut = await createPricePoint(api.fresh.database.db, {
      creatorUserId: creator.id,
      priceCents: 10_00,
      description: 'A video shout-out',
      mediaType: 'video',
      now: api.clock.now(),
    });
    const first = (await pay.send(fan, { receiverUserId: creator.id, amount: '25.00', paymentMethodId: 'balance', pricePointId: portrait, message: 'My dog Biscuit, a corgi' })).json().data[0];
    api.clock.setOffset(api.clock.offset + 60_000);
    const second = (await pay.send(fan, { receiverUserId: creator.id, amount: '10.00', paymentMethodId: 'balance', pricePointId: shoutOut, message: 'Say hi to Ana' })).json().data[0];
    // A plain send to the creator is not an order.
    expect((await pay.send(fan, { receiverUserId: creator.id, amount: '1.00', paymentMethodId: 'balance' })).statusCode).toBe(201);

    const listed = await openOrders(creator);
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    expect(body.count).toBe(2);
    expect(body.results.map((p: { payment_id: string }) => p.payment_id)).toEqual([first.payment_id, second.payment_id]);
    expect(body.results[0]).toMatchObject({
      description: 'A pet portrait',
      amount: '25.00',
      status: 'new',
      transaction_type: 'receiver',
      sender_username: 'orders_fan',
      media_type: 'photo',
      messages: [{ message: 'My dog Biscuit, a corgi' }],
    });
    // The fan bought them but has nothing to reply to; someone else's path is not found.
    expect((await openOrders(fan)).json()).toEqual({ count: 0, results: [] });
    const others = await openOrders(eve, creator);
    expect(others.statusCode).toBe(404);

    const photo = (await wallet.upload(creator, FILES.jpeg(), 'image/jpeg')).json().media.id;
    const reply = await pay.message(creator, { paymentId: first.payment_id, message: 'Here is Biscuit', messageMediaId: photo });
    expect(reply.statusCode).toBe(201);
    const after = (await openOrders(creator)).json();
    expect(after.count).toBe(1);
    expect(after.results.map((p: { payment_id: string }) => p.payment_id)).toEqual([second.payment_id]);
  });

  // On PostgreSQL only (the goal is the server's plan): defined, not skipped.
  if (kind.name === 'postgres') {
    it('on PostgreSQL both statements read payments_open_orders_idx (migration 0030), never the creator\'s whole history', { timeout: 180_000 }, async () => {
      const database = api.fresh.database;
      const now = api.clock.now();
      // 40 creators, each with a price point; 40,000 payments among them, half of them to the first (a creator with a
      // long history): a quarter are price-point orders, almost all answered long ago, one in 97 still open.
      const crowd: TestUser[] = [];
      const points: string[] = [];
      for (let i = 0; i < 40; i++) {
        const u = await createUser(database, now);
        crowd.push(u);
        points.push(await createPricePoint(database.db, { creatorUserId: u.id, priceCents: 5_00, description: 'A sketch', mediaType: 'photo', now }));
      }
      const ids = `{${crowd.map((u) => u.id).join(',')}}`;
      const pointIds = `{${points.join(',')}}`;
      const at = now.toISOString();
      await database.rows(sql`
        INSERT INTO payments (id, kind, status, sender_user_id, receiver_user_id, created_by_user_id, amount_cents, fee_cents,
          payment_method_id, price_point_id, description, hold_expires_at, created_at, updated_at)
        SELECT gen_random_uuid(),
          CASE WHEN g % 4 = 0 THEN 'price_point' ELSE 'send' END,
          CASE WHEN g % 4 = 0 AND g % 97 = 0 THEN 'new' ELSE 'complete' END,
          (${ids}::uuid[])[1 + (r.i + 1 + g % 39) % 40], (${ids}::uuid[])[1 + r.i], (${ids}::uuid[])[1 + (r.i + 1 + g % 39) % 40],
          500, 0, 'balance',
          CASE WHEN g % 4 = 0 THEN (${pointIds}::uuid[])[1 + r.i] END,
          'order ' || g,
          CASE WHEN g % 4 = 0 THEN ${at}::timestamptz + make_interval(mins => (g * 7919) % 10000) END,
          ${at}::timestamptz - make_interval(secs => g), ${at}::timestamptz
        FROM generate_series(1, 40000) g
        CROSS JOIN LATERAL (SELECT CASE WHEN g % 2 = 0 THEN 0 ELSE g % 40 END AS i) r`);
      // A sample of the table would make the plans vary run to run: statistics over every row make them the same.
      for (const column of ['receiver_user_id', 'status', 'price_point_id', 'hold_expires_at']) {
        await database.rows(sql.raw(`ALTER TABLE payments ALTER COLUMN ${column} SET STATISTICS 1000`));
      }
      await database.rows(sql`ANALYZE payments`);
      const busy = crowd[0]!;
      const [open] = await database.rows<{ n: string | number }>(
        sql`SELECT count(*) AS n FROM payments WHERE receiver_user_id = ${busy.id} AND status = 'new' AND kind = 'price_point'`,
      );
      expect(Number(open!.n)).toBeGreaterThan(50);
      for (const creator of [busy, crowd[7]!]) {
        const queries = openOrdersQueries(database.db, creator.id);
        for (const [name, query] of [['count', queries.count], ['first 50', queries.first]] as const) {
          const plan = (await database.rows<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${query.getSQL()}`)).map((r) => r['QUERY PLAN']).join('\n');
          if (process.env.SHOW_PLANS) console.log(name, '\n', plan);
          expect(plan, name).not.toMatch(/Seq Scan on payments|payments_receiver_idx/);
          expect(plan, name).toMatch(/Index (Only )?Scan using payments_open_orders_idx on payments|Bitmap Index Scan on payments_open_orders_idx/);
          // (The planner may read the index in order or sort what it found: either way, only open orders.)
        }
      }
      // And the answer: every open order counted, the first 50 by deadline.
      const res = await openOrders(busy);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { count: number; results: { payment_id: string; status: string }[] };
      expect(body.count).toBe(Number(open!.n));
      expect(body.results).toHaveLength(50);
      const want = await database.rows<{ id: string }>(sql`
        SELECT id FROM payments WHERE receiver_user_id = ${busy.id} AND status = 'new' AND kind = 'price_point'
        ORDER BY hold_expires_at, id LIMIT 50`);
      expect(body.results.map((p) => p.payment_id)).toEqual(want.map((r) => r.id));
    });
  }
});
