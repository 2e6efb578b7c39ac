import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { auditLedger } from '../../server/ledger/audit';
import { hashToken, issueSession, revokeSession } from '../../server/auth/session-tokens';
import { sessions } from '../../server/db/schema/index';

const MINUTE = 60_000;

/**
 * The plain send checks its caller's session inside its one statement (migration 0020): no session read before it.
 * Every rule of the authenticator and the owner check must hold there as on every other route — a revoked token is
 * dead at once, an idle or old one has expired, another user's path is a 404, a 401 comes before a 400 — and a
 * refused caller leaves nothing behind.
 */
describe.each(databaseKinds())('the send checks its session in its statement on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let alice: TestUser;
  let bob: TestUser;
  const plain = () => ({ receiverUserId: bob.id, amount: '1.00', paymentMethodId: 'balance' });
  const count = async (table: 'payments' | 'idempotency_keys') =>
    Number(((await api.fresh.database.db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`))) as unknown as { rows: { n: string }[] }).rows[0]!.n);
  const lastSeen = async (token: string) =>
    (await api.fresh.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0]!.lastSeenAt.getTime();
  const sendAs = (token: string, userId: string, payload: unknown, contentType = 'application/json') =>
    api.inject({
      method: 'POST',
      url: `/api/app/user/${userId}/payment/send/?lang=en`,
      headers: { authtoken: token, 'idempotency-key': randomUUID(), 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  beforeAll(async () => {
    api = await startApi(kind);
    client = paymentsClient(api);
    alice = await createUser(api.fresh.database, api.clock.now(), `alice_${randomUUID().slice(0, 6)}`);
    bob = await createUser(api.fresh.database, api.clock.now(), `bob_${randomUUID().slice(0, 6)}`);
    await fundWallet(api.fresh.database, alice.id, 100_00, api.clock.now());
  });
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  it('a token revoked anywhere (a logout on another instance) is refused at once, and nothing is written', async () => {
    const token = await issueSession(api.fresh.database.db, alice.id, api.clock.now());
    expect((await sendAs(token, alice.id, plain())).statusCode).toBe(201);
    const [payments, keys] = [await count('payments'), await count('idempotency_keys')];
    await revokeSession(api.fresh.database.db, hashToken(token), api.clock.now());
    const refused = await sendAs(token, alice.id, plain());
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthenticated', detail: 'Please sign in to continue.' });
    expect(await count('payments')).toBe(payments);
    expect(await count('idempotency_keys')).toBe(keys);
  });

  it('an unknown token → 401; an idle or too old session → 401 session_expired', async () => {
    expect((await sendAs('made-up', alice.id, plain())).json().code).toBe('unauthenticated');
    const token = await issueSession(api.fresh.database.db, alice.id, api.clock.now());
    api.clock.setOffset(api.clock.offset + 30 * MINUTE + 1);
    const idle = await sendAs(token, alice.id, plain());
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({ code: 'session_expired', detail: 'Please log in again to continue' });
    await client.refresh(alice, bob);
  });

  it("another user's path → 404 not_found, whatever the body, and nothing is written", async () => {
    const payments = await count('payments');
    for (const body of [{ receiverUserId: alice.id, amount: '1.00', paymentMethodId: 'balance' }, { nonsense: true }]) {
      const res = await sendAs(alice.token, bob.id, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await count('payments')).toBe(payments);
  });

  it('a 401 comes before any 400: a body that does not validate, does not parse, or has an unknown type', async () => {
    for (const token of ['made-up', alice.token]) {
      const expected = token === alice.token ? [400, 400, 415] : [401, 401, 401];
      const answers = [
        await sendAs(token, alice.id, { amount: 'lots' }),
        await sendAs(token, alice.id, '{"receiverUserId": '),
        await sendAs(token, alice.id, 'amount=1', 'application/x-www-form-urlencoded'),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual(expected);
      for (const a of answers) expect(a.headers['content-type']).toContain('application/problem+json');
    }
    const res = await api.inject({ method: 'POST', url: `/api/app/user/${alice.id}/payment/send/`, payload: plain() });
    expect(res.statusCode).toBe(401);
  });

  it('a send, and a refused one, count as activity: last_seen_at is refreshed as on every other route', async () => {
    const token = await issueSession(api.fresh.database.db, alice.id, api.clock.now());
    // The clock runs on from real time: the refresh is the request's time, between these two readings.
    const sentBetween = async (body: unknown) => {
      const before = api.clock.now().getTime();
      const res = await sendAs(token, alice.id, body);
      const seen = await lastSeen(token);
      expect(seen).toBeGreaterThanOrEqual(before);
      expect(seen).toBeLessThanOrEqual(api.clock.now().getTime());
      return res;
    };
    api.clock.setOffset(api.clock.offset + 2 * MINUTE);
    expect((await sentBetween(plain())).statusCode).toBe(201);
    api.clock.setOffset(api.clock.offset + 2 * MINUTE);
    expect((await sentBetween({ ...plain(), amount: '5000.00' })).json().code).toBe('insufficient_funds');
    await client.refresh(alice, bob);
  });

  it('a send that is not plain (to oneself) is refused by the transaction path, after the same checks', async () => {
    const self = await sendAs(alice.token, alice.id, { receiverUserId: alice.id, amount: '1.00', paymentMethodId: 'balance' });
    expect(self.statusCode).toBeGreaterThanOrEqual(400);
    expect(self.statusCode).toBeLessThan(500);
    expect((await sendAs('made-up', alice.id, { receiverUserId: alice.id, amount: '1.00', paymentMethodId: 'balance' })).statusCode).toBe(401);
  });
});
