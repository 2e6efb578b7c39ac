import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds, type DatabaseKind } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createTestMedia, createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { auditLedger } from '../../server/ledger/audit';
import { createPricePoint } from '../../server/payments/price-points';
import { sendPayment } from '../../server/payments/service';
import { DomainError } from '../../server/problems/domain-error';

/**
 * Money under concurrency. PGlite runs one connection and queues transactions, so it can only show that the rules
 * hold when requests are serialised; the real test is on PostgreSQL (CI sets TEST_DATABASE_URL), where the pool's
 * connections run the transactions at the same time and only the row locks keep the wallets right.
 */
/** A small deterministic generator (32-bit LCG), so a failing run can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 8) % n;
  };
}

async function hundredSendsFromFifty(kind: DatabaseKind) {
  const api = await startApi(kind);
  try {
    const client = paymentsClient(api);
    const now = api.clock.now();
    const payer = await createUser(api.fresh.database, now);
    const receivers = await Promise.all(Array.from({ length: 4 }, () => createUser(api.fresh.database, now)));
    await fundWallet(api.fresh.database, payer.id, 50_00, now);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => client.send(payer, { receiverUserId: receivers[i % 4]!.id, amount: '1.00', paymentMethodId: 'balance' })),
    );
    const ms = performance.now() - started;
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    expect(answers.filter((a) => a.statusCode === 422 && a.json().code === 'insufficient_funds')).toHaveLength(50);
    expect(await client.wallet(payer)).toEqual({ balance: '0.00', available: '0.00', held: '0.00' });
    let received = 0;
    for (const r of receivers) received += Number((await client.wallet(r)).available);
    expect(received).toBe(50);
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    console.log(`[${kind.name}] 100 concurrent $1 sends from a $50 wallet over HTTP (inject): ${ms.toFixed(0)} ms, ${(100_000 / ms).toFixed(0)} requests/s`);
  } finally {
    await api.close();
  }
}

describe.each(databaseKinds())('concurrent sends on $name', (kind) => {
  it('100 concurrent $1 sends from a $50 wallet: exactly 50 succeed and the balance ends at 0', { timeout: 120_000 }, () =>
    hundredSendsFromFifty(kind),
  );
});

describe.each(databaseKinds().filter((k) => k.name === 'postgres'))('hot accounts under concurrency on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let people: TestUser[];
  let pricePointIds: string[];
  /** Each creator's own video, for the replies that claim their price points. */
  let videoIds: string[];
  const FUNDING = 200_00;

  beforeAll(async () => {
    api = await startApi(kind);
    client = paymentsClient(api);
    const now = api.clock.now();
    people = [];
    for (let i = 0; i < 10; i++) {
      const u = await createUser(api.fresh.database, now);
      await fundWallet(api.fresh.database, u.id, FUNDING, now);
      people.push(u);
    }
    pricePointIds = [];
    videoIds = [];
    for (let i = 0; i < 10; i++) {
      videoIds.push(await createTestMedia(api.fresh.database, people[i]!.id, 'video', now));
      pricePointIds.push(
        await createPricePoint(api.fresh.database.db, { creatorUserId: people[i]!.id, priceCents: 7_77, description: 'pp', mediaType: 'video', now }),
      );
    }
  });
  afterAll(() => api.close());

  it('16 workers of mixed transfers over 10 hot accounts: no error, no deadlock, every invariant holds', { timeout: 180_000 }, async () => {
    const OPS_PER_WORKER = 40;
    const rand = seeded(42);
    const outcomes = new Map<string, number>();
    const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
    const asked = new Map<string, number>();
    const withinRequestLimits = (requester: number, payer: number) => {
      const pair = `${requester}>${payer}`;
      const bySender = `${requester}`;
      if ((asked.get(pair) ?? 0) >= 3 || (asked.get(bySender) ?? 0) >= 20) return false;
      asked.set(pair, (asked.get(pair) ?? 0) + 1).set(bySender, (asked.get(bySender) ?? 0) + 1);
      return true;
    };
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = 0; i < OPS_PER_WORKER; i++) {
          const a = rand(10);
          const b = (a + 1 + rand(9)) % 10;
          let op = rand(10);
          // Requests stay within the abuse limits (3 a day per requester → payer, 20 an hour per requester; issue 21,
          // tested in abuse-limits.test.ts): a request that would pass them is a plain send instead.
          if (op >= 6 && op < 8 && !withinRequestLimits(b, a)) op = 0;
          let res;
          if (op < 6) {
            const cents = 1 + rand(15_00);
            res = await client.send(people[a]!, {
              receiverUserId: people[b]!.id,
              amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
              paymentMethodId: 'balance',
            });
          } else if (op < 8) {
            const r = await client.request(people[b]!, { receiverUserId: people[a]!.id, amount: '3.33', message: 'pay me' });
            expect(r.statusCode).toBe(201);
            res = await client.send(people[a]!, {
              receiverUserId: people[b]!.id,
              amount: '3.33',
              paymentMethodId: 'balance',
              paymentId: r.json().data[0].payment_id,
            });
          } else {
            res = await client.send(people[a]!, { receiverUserId: people[b]!.id, amount: '7.77', paymentMethodId: 'balance', pricePointId: pricePointIds[b] });
            if (res.statusCode === 201) {
              const paymentId = res.json().data[0].payment_id;
              res =
                op === 8
                  ? await client.message(people[b]!, { paymentId, message: 'here', messageMediaId: videoIds[b] })
                  : await client.cancel(people[b]!, paymentId);
            }
          }
          const key = `${res.statusCode} ${res.statusCode >= 400 ? res.json().code : ''}`.trim();
          count(key);
          expect(['200', '201', '422 insufficient_funds']).toContain(key);
        }
      }),
    );
    const ms = performance.now() - started;
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    const [sum] = await api.fresh.database.rows<{ total: string }>(
      sql`SELECT sum(balance_cents) AS total FROM ledger_accounts WHERE kind = 'user_wallet'`,
    );
    const [held] = await api.fresh.database.rows<{ total: string }>(sql`SELECT coalesce(sum(amount_cents), 0) AS total FROM holds WHERE status = 'open'`);
    expect(Number(sum!.total) + Number(held!.total)).toBe(10 * FUNDING);
    expect(Number(held!.total)).toBe(0);
    const [entries] = await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM journal_entries`);
    console.log(
      `[${kind.name}] 16 workers × ${OPS_PER_WORKER} mixed operations over 10 hot accounts: ${ms.toFixed(0)} ms, ` +
        `${entries!.n} journal entries, outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`,
    );
  });

  it('throughput: 16 workers × 100 sends over the same 10 hot accounts (service layer, no HTTP)', { timeout: 180_000 }, async () => {
    const db = api.fresh.database.db;
    let ok = 0;
    let refused = 0;
    const rand = seeded(7);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = 0; i < 100; i++) {
          const a = rand(10);
          const b = (a + 1 + rand(9)) % 10;
          try {
            await db.transaction((tx) =>
              sendPayment(
                { tx, now: new Date(), userId: people[a]!.id },
                { receiverUserId: people[b]!.id, amountCents: 1 + rand(500), paymentMethodId: 'balance' },
              ),
            );
            ok++;
          } catch (error) {
            if (!(error instanceof DomainError) || error.code !== 'insufficient_funds') throw error;
            refused++;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(ok + refused).toBe(1600);
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    console.log(
      `[${kind.name}] 1600 concurrent sends over 10 hot accounts (16 workers, pool of 10): ${seconds.toFixed(2)} s, ` +
        `${(1600 / seconds).toFixed(0)} transfers/s (${ok} made, ${refused} refused for insufficient funds)`,
    );
  });
});
