import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { walletClient } from '../support/wallet-client';
import { SANDBOX_CARDS } from '../../server/providers/sandbox/card';

/**
 * The browser trail (server/dev/browser-trail.ts, issue 27 item 3): the payment-lifecycle transitions a request
 * Chromium made (`Sec-Fetch-Site`) with a test's cookie caused, named as the atlas names them, handed over once by
 * GET /api/dev/browser-trail. Kept are the transitions whose trail lines were committed, whatever the answer's status;
 * requests without the browser's header or without the cookie, refused requests and servers in production note nothing.
 */
describe.each(databaseKinds())('the browser trail on $name', (kind) => {
  let api: ApiHarness;
  let production: ApiHarness;
  let alice: TestUser;
  let bob: TestUser;

  const browser = (test: string) => ({ 'sec-fetch-site': 'same-origin', cookie: `tipjar-e2e-test=${test}` });
  const send = (u: TestUser, to: TestUser, headers: Record<string, string>, target = api) =>
    target.inject({
      method: 'POST',
      url: `/api/app/user/${u.id}/payment/send/`,
      headers: { authtoken: u.token, 'idempotency-key': randomUUID(), ...headers },
      payload: { receiverUserId: to.id, amount: '1.25', paymentMethodId: 'balance', message: 'tea' },
    });
  const trail = async (test: string, target = api) => {
    const res = await target.inject({ method: 'GET', url: `/api/dev/browser-trail?test=${test}`, remoteAddress: '127.0.0.1' });
    return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null };
  };

  beforeAll(async () => {
    api = await startApi(kind);
    production = await startApi(kind, { env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } });
    const now = api.clock.now();
    alice = await createUser(api.fresh.database, now);
    bob = await createUser(api.fresh.database, now);
    await fundWallet(api.fresh.database, alice.id, 50_00, now);
  });
  afterAll(async () => {
    await api.close();
    await production.close();
  });

  it("a browser request's send is noted under its test, handed over once", async () => {
    expect((await send(alice, bob, browser('t-send'))).statusCode).toBe(201);
    expect(await trail('t-send')).toEqual({ status: 200, body: { transitions: [{ machine: 'paymentLifecycle', transition: 'created PAY_FROM_BALANCE#0' }] } });
    expect(await trail('t-send')).toEqual({ status: 200, body: { transitions: [] } });
  });

  it("a request, its reminder refused then its cancel: each transition the server took, the refusal's none", async () => {
    const asked = await api.inject({
      method: 'POST',
      url: `/api/app/user/${bob.id}/payment/request/`,
      headers: { authtoken: bob.token, ...browser('t-request') },
      payload: { receiverUserId: alice.id, amount: '3.00', message: 'book' },
    });
    expect(asked.statusCode).toBe(201);
    const paymentId = asked.json().data[0].payment_id as string;
    const cancel = () =>
      api.inject({ method: 'DELETE', url: `/api/app/user/${bob.id}/payment/request/`, headers: { authtoken: bob.token, ...browser('t-request') }, payload: { paymentId } });
    expect((await cancel()).statusCode).toBe(200);
    // Cancelled already: the machine refuses, nothing changed, nothing noted.
    expect((await cancel()).statusCode).toBe(409);
    expect((await trail('t-request')).body.transitions.map((t: { transition: string }) => t.transition)).toEqual(['created REQUEST#0', 'requested CANCEL#0']);
  });

  it("no note without the browser's Sec-Fetch-Site (Playwright's API client, the tests' own calls) or without the cookie", async () => {
    expect((await send(alice, bob, { cookie: 'tipjar-e2e-test=t-api' })).statusCode).toBe(201);
    expect((await send(alice, bob, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await send(alice, bob, { 'sec-fetch-site': 'same-origin', cookie: 'tipjar-e2e-test=not a key!' })).statusCode).toBe(201);
    expect((await trail('t-api')).body).toEqual({ transitions: [] });
  });

  it('a refused send (more than the balance) notes nothing', async () => {
    const res = await api.inject({
      method: 'POST',
      url: `/api/app/user/${alice.id}/payment/send/`,
      headers: { authtoken: alice.token, 'idempotency-key': randomUUID(), ...browser('t-refused') },
      payload: { receiverUserId: bob.id, amount: '9000.00', paymentMethodId: 'balance' },
    });
    expect(res.statusCode).toBe(422);
    expect((await trail('t-refused')).body).toEqual({ transitions: [] });
  });

  it('a card declined when charged answers 402, yet the payment failed for good: that transition is kept', async () => {
    const badCard = await walletClient(api).cardOf(alice, SANDBOX_CARDS.declinedOnCharge);
    const res = await api.inject({
      method: 'POST',
      url: `/api/app/user/${alice.id}/payment/send/`,
      headers: { authtoken: alice.token, 'idempotency-key': randomUUID(), ...browser('t-declined') },
      payload: { receiverUserId: bob.id, amount: '5.00', paymentMethodId: badCard },
    });
    expect(res.statusCode).toBe(402);
    expect((await trail('t-declined')).body).toEqual({ transitions: [{ machine: 'paymentLifecycle', transition: 'created CARD_DECLINED#0' }] });
  });

  it('production has neither the route nor the notes', async () => {
    const carol = await createUser(production.fresh.database, production.clock.now());
    const dan = await createUser(production.fresh.database, production.clock.now());
    await fundWallet(production.fresh.database, carol.id, 10_00, production.clock.now());
    expect((await send(carol, dan, browser('t-prod'), production)).statusCode).toBe(201);
    expect((await trail('t-prod', production)).status).toBe(404);
  });
});
