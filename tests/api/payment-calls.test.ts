import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { createApiClient } from '../../src/api/client';
import { paymentCalls } from '../../src/api/payment-calls';
import { sendRequestOf, type FoundReceiver, type SendPaymentContext, type SentPayment } from '../../machines/send-payment.machine';
import { isApiFailure } from '../../machines/forms/api-failure';

/**
 * The payment screens' calls (src/features/payment/payment-calls.ts) against the real server: the same
 * openapi-fetch client and middleware as the browser, its requests handed to the in-process server.
 */
describe.each(databaseKinds())('payment screens calls on $name', (kind) => {
  let api: ApiHarness;
  let alice: TestUser;
  let bob: TestUser;
  const notified: string[] = [];

  const callsAs = (user: TestUser) => {
    const client = createApiClient({
      getLang: () => 'en',
      getToken: () => user.token,
      baseUrl: 'http://tipjar.test/api',
      onUnauthorized: () => false,
      onSessionExpired: () => false,
      notifyError: (message) => void notified.push(message),
      genericMessage: () => 'Something went wrong',
      fetch: async (request) => {
        const url = new URL(request.url);
        const res = await api.inject({
          method: request.method as 'GET',
          url: `${url.pathname}${url.search}`,
          headers: Object.fromEntries(request.headers),
          ...(request.body ? { payload: await request.text() } : {}),
        });
        return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: res.headers as Record<string, string> });
      },
    });
    return paymentCalls(client, user.id);
  };
  const run = <T>(logic: AnyActorLogic, input?: unknown): Promise<T> => toPromise(createActor(logic, { input }).start()) as Promise<T>;

  beforeAll(async () => {
    api = await startApi(kind);
    alice = await createUser(api.fresh.database, api.clock.now(), 'calls_alice');
    bob = await createUser(api.fresh.database, api.clock.now(), 'calls_bob');
    await fundWallet(api.fresh.database, alice.id, 30_00, api.clock.now());
  });
  afterAll(async () => {
    await api.close();
    expect(notified).toEqual([]); // every call is quiet: the screens show failures themselves
  });

  it('searches people and reads the funding of the method step', async () => {
    const calls = callsAs(alice);
    expect(await run(calls.searchUsers, { term: 'calls_b' })).toEqual([{ userId: bob.id, username: 'calls_bob', fullName: 'Test calls_bob', photo: null }]);
    expect(await run(calls.loadFunding)).toEqual({ availableCents: 30_00, cards: [] });
  });

  it('sends with the Idempotency-Key of the body: a retry of the same payment does not pay twice', async () => {
    const context = {
      flowId: 'flow-e2e',
      recipient: { userId: bob.id, username: 'calls_bob', fullName: null, photo: null },
      amount: '12.5',
      message: ' Lunch ',
      methodId: 'balance',
      paymentId: null,
    } as unknown as SendPaymentContext;
    const request = sendRequestOf(context);
    expect(request.body).toEqual({ receiverUserId: bob.id, amount: '12.50', message: 'Lunch', paymentMethodId: 'balance' });
    const calls = callsAs(alice);
    const first = await run<{ paymentId: string }>(calls.sendPayment, request);
    expect(first).toMatchObject({ status: 'complete', amount: '12.50', fee: '0.00', totalCharge: '12.50' });
    expect(await run(calls.sendPayment, request)).toEqual(first);
    expect(await run(calls.loadFunding)).toEqual({ availableCents: 17_50, cards: [] });
  });

  it("rejects with the server's problem: insufficient funds, localised detail", async () => {
    const calls = callsAs(alice);
    const error = await run(calls.sendPayment, {
      idempotencyKey: 'flow-e2e.too-much',
      body: { receiverUserId: bob.id, amount: '20.00', paymentMethodId: 'balance' },
    }).catch((e: unknown) => e);
    expect(isApiFailure(error) && [error.status, error.code, error.detail]).toEqual([422, 'insufficient_funds', 'Send amount cannot exceed available balance']);
  });

  it("buys a price point: the creator's page names it, and the payment answers when its hold ends (72 hours on)", async () => {
    const offered = await api.inject({
      method: 'POST',
      url: `/api/app/user/${bob.id}/price-points`,
      headers: { authtoken: bob.token },
      payload: { price: '5', description: 'A signed photo', media_type: 'photo' },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const pricePointId = (offered.json() as { data: { id: string }[] }).data[0]!.id;
    const calls = callsAs(alice);
    const found = await run<FoundReceiver>(calls.findReceiver, { username: 'calls_bob' });
    expect(found).toEqual({
      receiver: { userId: bob.id, username: 'calls_bob', fullName: expect.any(String), photo: null },
      pricePoints: [{ id: pricePointId, description: 'A signed photo', mediaType: 'photo', price: '5.00' }],
    });
    const context = {
      flowId: 'flow-checkout',
      recipient: found.receiver,
      amount: found.pricePoints[0]!.price,
      message: 'Sign it to Alice',
      methodId: 'balance',
      paymentId: null,
      pricePointId,
    } as unknown as SendPaymentContext;
    const before = api.clock.now().getTime();
    const sent = await run<SentPayment>(calls.sendPayment, sendRequestOf(context));
    const after = api.clock.now().getTime();
    expect(sent).toMatchObject({ status: 'new', amount: '5.00', fee: '0.00', totalCharge: '5.00' });
    // The checkout's terms promise now + 72 hours (spec): the server holds it exactly that long from the payment.
    const HOLD_MS = 72 * 60 * 60 * 1000;
    const holdEnds = Date.parse(sent.holdExpiresAt!);
    expect(holdEnds).toBeGreaterThanOrEqual(before + HOLD_MS);
    expect(holdEnds).toBeLessThanOrEqual(after + HOLD_MS);
  });

  it('requests money', async () => {
    const requested = await run<{ paymentId: string; amount: string }>(callsAs(bob).requestPayment, { receiverUserId: alice.id, amount: '20.00', message: 'Dinner' });
    expect(requested.amount).toBe('20.00');
    const list = await api.inject({ method: 'GET', url: `/api/app/user/${alice.id}/payment/list`, headers: { authtoken: alice.token } });
    expect(list.json().results[0]).toMatchObject({ payment_id: requested.paymentId, payment_status: 'requested', actions: ['pay', 'decline'] });
  });
});
