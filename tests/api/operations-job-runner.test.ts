import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { createPricePoint } from '../../server/payments/price-points';
import { startJobRunner } from '../../server/jobs/runner';
import { CARD_HOLD_MS as HOLD_MS } from '../../domain/limits';
import type { Database, Db } from '../../server/db/database';

describe.each(databaseKinds())('stopping the job runner on $name', (kind) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it('waits for the job being run to commit, and starts no other', async () => {
    const fan = await createUser(api.fresh.database, api.clock.now());
    const creator = await createUser(api.fresh.database, api.clock.now());
    await fundWallet(api.fresh.database, fan.id, 10_00, api.clock.now());
    const pricePointId = await createPricePoint(api.fresh.database.db, {
      creatorUserId: creator.id,
      priceCents: 1_00,
      description: 'a photo',
      mediaType: 'photo',
      now: api.clock.now(),
    });
    const client = paymentsClient(api);
    for (let i = 0; i < 2; i++) {
      expect((await client.send(fan, { receiverUserId: creator.id, amount: '1.00', paymentMethodId: 'balance', pricePointId })).statusCode).toBe(201);
    }
    api.clock.setOffset(HOLD_MS + 1_000);

    // A database whose transactions take 400 ms between their work and their commit: a slow job.
    let inside!: () => void;
    const jobStarted = new Promise<void>((resolve) => (inside = resolve));
    const real = api.fresh.database.db;
    const slowDb = new Proxy(real, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver);
        return (work: (tx: unknown) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            const result = await work(tx);
            inside();
            await new Promise((r) => setTimeout(r, 400));
            return result;
          });
      },
    }) as Db;
    const database: Database = { ...api.fresh.database, db: slowDb };

    const runner = startJobRunner({ database, clock: api.clock }, 10);
    await jobStarted;
    const stopAsked = Date.now();
    await runner.stop();
    const waited = Date.now() - stopAsked;

    const jobs = await api.fresh.database.rows<{ status: string }>(sql`SELECT status FROM jobs WHERE kind = 'expire_hold' ORDER BY id`);
    expect(waited).toBeGreaterThanOrEqual(300);
    // The job in progress committed before stop() returned; the loop took no further job after being told to stop.
    expect(jobs.map((j) => j.status)).toEqual(['done', 'pending']);
    api.clock.setOffset(0);
  });
});
