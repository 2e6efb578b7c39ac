import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { auditLedger } from '../../server/ledger/audit';
import { runDueJobs } from '../../server/jobs/runner';
import { loadOpenApiDocument } from '../../server/http/openapi-document';
import { registerOperations, type OperationHandlers } from '../../server/http/operations';
import { moneyMoving } from '../../server/http/idempotency';

const HOUR = 60 * 60 * 1000;

describe('the operation registry and x-money-moving', () => {
  it('refuses to start when a money-moving operation has a plain handler, or a plain one a money-moving handler', async () => {
    const doc = await loadOpenApiDocument();
    const noop = async () => ({});
    const all = (overrides: OperationHandlers): OperationHandlers => {
      const handlers: OperationHandlers = {};
      for (const item of Object.values(doc.paths)) {
        for (const op of Object.values(item)) {
          const id = (op as { operationId?: string }).operationId;
          if (!id) continue;
          handlers[id] = (op as { 'x-money-moving'?: boolean })['x-money-moving'] ? moneyMoving(async () => ({ status: 200, body: {} })) : noop;
        }
      }
      return { ...handlers, ...overrides };
    };
    const opts = { authenticate: async () => ({ userId: 'x', tokenHash: 'y' }), idempotency: { db: {} as never, clock: { now: () => new Date() } } };
    expect(() => registerOperations(Fastify(), doc, all({}), opts)).not.toThrow();
    expect(() => registerOperations(Fastify(), doc, all({ sendPayment: noop }), opts)).toThrow(/x-money-moving/);
    expect(() => registerOperations(Fastify(), doc, all({ getWallet: moneyMoving(async () => ({ status: 200, body: {} })) }), opts)).toThrow(/not x-money-moving/);
    expect(() => registerOperations(Fastify(), doc, all({}), { authenticate: opts.authenticate })).toThrow(/Idempotency-Key/);
  });
});

describe.each(databaseKinds())('Idempotency-Key on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    api = await startApi(kind);
    client = paymentsClient(api);
    alice = await createUser(api.fresh.database, api.clock.now());
    bob = await createUser(api.fresh.database, api.clock.now());
    await fundWallet(api.fresh.database, alice.id, 100_00, api.clock.now());
  });
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  const paymentCount = async () =>
    Number((await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM payments`))[0]!.n);

  it('is required on money-moving POSTs: 400 naming it', async () => {
    const res = await api.inject({
      method: 'POST',
      url: `/api/app/user/${alice.id}/payment/send/`,
      headers: { authtoken: alice.token },
      payload: { receiverUserId: bob.id, amount: '1.00', paymentMethodId: 'balance' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/idempotency-key/i);
    expect(res.json().errors[0].field).toBe('idempotency-key');
  });

  it('a replay returns the first response byte for byte and moves no more money', async () => {
    const key = randomUUID();
    const body = { receiverUserId: bob.id, amount: '3.00', paymentMethodId: 'balance', message: 'once' };
    const first = await client.send(alice, body, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    api.clock.setOffset(api.clock.offset + 60_000);
    // Same body, keys in another order: the same request.
    const second = await client.send(alice, { message: 'once', paymentMethodId: 'balance', amount: '3.00', receiverUserId: bob.id }, key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await client.wallet(alice)).toMatchObject({ available: '97.00' });
  });

  it('the same key with another body → 422, nothing moves', async () => {
    const key = randomUUID();
    expect((await client.send(alice, { receiverUserId: bob.id, amount: '1.00', paymentMethodId: 'balance' }, key)).statusCode).toBe(201);
    const other = await client.send(alice, { receiverUserId: bob.id, amount: '2.00', paymentMethodId: 'balance' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await client.wallet(alice)).toMatchObject({ available: '96.00' });
  });

  it('keys are per caller and per operation', async () => {
    const key = randomUUID();
    await fundWallet(api.fresh.database, bob.id, 10_00, api.clock.now());
    expect((await client.send(alice, { receiverUserId: bob.id, amount: '1.00', paymentMethodId: 'balance' }, key)).statusCode).toBe(201);
    expect((await client.send(bob, { receiverUserId: alice.id, amount: '1.00', paymentMethodId: 'balance' }, key)).headers['idempotent-replayed']).toBeUndefined();
    const paymentId = (await client.list(alice, 'startPage=1')).json().results[0].payment_id;
    expect((await client.message(alice, { paymentId, message: 'hi' }, key)).statusCode).toBe(201);
  });

  it('a refusal is not stored: fix the cause and retry with the same key', async () => {
    const key = randomUUID();
    const body = { receiverUserId: bob.id, amount: '500.00', paymentMethodId: 'balance' };
    expect((await client.send(alice, body, key)).json().code).toBe('insufficient_funds');
    await fundWallet(api.fresh.database, alice.id, 500_00, api.clock.now());
    expect((await client.send(alice, body, key)).statusCode).toBe(201);
  });

  it('concurrent duplicates run once and all get the same answer', async () => {
    const before = await paymentCount();
    const key = randomUUID();
    const body = { receiverUserId: bob.id, amount: '2.00', paymentMethodId: 'balance' };
    const wallet = await client.wallet(alice);
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.send(alice, body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await paymentCount()).toBe(before + 1);
    expect(Number((await client.wallet(alice)).available)).toBeCloseTo(Number(wallet.available) - 2, 2);
  });

  it('keys are kept 24 hours, then purged by the job runner', async () => {
    const key = randomUUID();
    const body = { receiverUserId: bob.id, amount: '1.00', paymentMethodId: 'balance' };
    const first = await client.send(alice, body, key);
    api.clock.setOffset(api.clock.offset + 24 * HOUR - 1_000);
    await client.refresh(alice, bob);
    await runDueJobs({ database: api.fresh.database, clock: api.clock });
    expect((await client.send(alice, body, key)).body).toBe(first.body);
    api.clock.setOffset(api.clock.offset + 2_000);
    await client.refresh(alice, bob);
    expect((await runDueJobs({ database: api.fresh.database, clock: api.clock })).purgedIdempotencyKeys).toBeGreaterThan(0);
    const again = await client.send(alice, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().data[0].payment_id).not.toBe(first.json().data[0].payment_id);
  });
});
