import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { auditLedger } from '../../server/ledger/audit';
import { createPricePoint } from '../../server/payments/price-points';
import { pendingJobCount, runDueJobs, startJobRunner } from '../../server/jobs/runner';

const HOUR = 60 * 60 * 1000;

describe.each(databaseKinds())('background jobs on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let fan: TestUser;
  let creator: TestUser;
  let pricePointId: string;

  beforeAll(async () => {
    api = await startApi(kind);
    client = paymentsClient(api);
    fan = await createUser(api.fresh.database, api.clock.now());
    creator = await createUser(api.fresh.database, api.clock.now());
    await fundWallet(api.fresh.database, fan.id, 100_00, api.clock.now());
    pricePointId = await createPricePoint(api.fresh.database.db, {
      creatorUserId: creator.id,
      priceCents: 1_00,
      description: 'a short video',
      mediaType: 'video',
      now: api.clock.now(),
    });
  });
  afterAll(() => api.close());

  const buy = () => client.send(fan, { receiverUserId: creator.id, amount: '1.00', paymentMethodId: 'balance', pricePointId });

  it('several runners at once expire each hold exactly once (jobs are claimed FOR UPDATE SKIP LOCKED)', { timeout: 120_000 }, async () => {
    for (let i = 0; i < 20; i++) expect((await buy()).statusCode).toBe(201);
    expect(await client.wallet(fan)).toMatchObject({ held: '20.00', available: '80.00' });
    api.clock.setOffset(api.clock.offset + 72 * HOUR + 1_000);
    const services = { database: api.fresh.database, clock: api.clock };
    const reports = await Promise.all([runDueJobs(services), runDueJobs(services), runDueJobs(services)]);
    expect(reports.reduce((s, r) => s + r.ran, 0)).toBe(20);
    const [expired] = await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM payment_events WHERE event = 'EXPIRE'`);
    expect(Number(expired!.n)).toBe(20);
    expect(await pendingJobCount(api.fresh.database)).toBe(0);
    await client.refresh(fan, creator);
    expect(await client.wallet(fan)).toEqual({ balance: '100.00', available: '100.00', held: '0.00' });
    expect(await auditLedger(api.fresh.database)).toEqual([]);
  });

  it('the in-process runner runs due jobs on its interval and stops cleanly', { timeout: 60_000 }, async () => {
    await client.refresh(fan, creator);
    const payment = (await buy()).json().data[0];
    api.clock.setOffset(api.clock.offset + 72 * HOUR + 1_000);
    const runner = startJobRunner({ database: api.fresh.database, clock: api.clock }, 20);
    const deadline = Date.now() + 20_000;
    while ((await pendingJobCount(api.fresh.database)) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await runner.stop();
    await client.refresh(fan, creator);
    expect((await client.get(fan, payment.payment_id)).json().data[0].payment_status).toBe('cancelled');
  });

  it('a failing job is retried later with its error recorded, not lost', async () => {
    // A runner stopped mid-tick may leave the notification mails it queued (the purchases above) for the next one.
    await runDueJobs({ database: api.fresh.database, clock: api.clock });
    await api.fresh.database.rows(
      sql`INSERT INTO jobs (kind, payload, run_at, created_at) VALUES ('no_such_kind', '{}'::jsonb, ${api.clock.now().toISOString()}::timestamptz, now())`,
    );
    expect((await runDueJobs({ database: api.fresh.database, clock: api.clock })).ran).toBe(1);
    const [job] = await api.fresh.database.rows<{ status: string; attempts: number; last_error: string; run_at: Date | string }>(
      sql`SELECT status, attempts, last_error, run_at FROM jobs WHERE kind = 'no_such_kind'`,
    );
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.last_error).toContain('no handler');
    expect(new Date(job!.run_at).getTime()).toBeGreaterThan(api.clock.now().getTime());
    await api.fresh.database.rows(sql`UPDATE jobs SET status = 'failed' WHERE kind = 'no_such_kind'`);
  });
});
