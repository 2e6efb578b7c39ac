import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { destinationsSetADayAgo, FILES, walletClient } from '../support/wallet-client';
import { auditLedger } from '../../server/ledger/audit';
import { createPricePoint } from '../../server/payments/price-points';
import { users } from '../../server/db/schema/index';
import { listOperations, loadOpenApiDocument, type OperationEntry } from '../../server/http/openapi-document';
import { bankAccountBody } from '../support/bank-account-body';

/**
 * Issue 4: a third user gets 404 on every payment, wallet and media route of another — the same answer as for
 * something that does not exist, so probing reveals nothing (docs/decisions.md). Two ways in, both tried:
 * another user's `{userId}` in the path (every such operation of the contract, read from openapi.yaml so a new
 * route cannot be forgotten), and one's own routes naming another user's objects. Afterwards nothing of the
 * owner's has changed.
 */

/** Operations with `{userId}` that are not guarded by the shared owner check, and why. */
const NOT_OWNER_CHECKED: Record<string, string> = {
  // Logout accepts callers whose session is gone (to clear their cookie), so it cannot use the shared check; it
  // refuses a token of another account with its own 403 (tests/api/authentication.test.ts).
  logout: 'accepts callers without a valid session',
};

describe.each(databaseKinds())("another user's money on $name", (kind) => {
  let api: ApiHarness;
  let pay: ReturnType<typeof paymentsClient>;
  let wallet: ReturnType<typeof walletClient>;
  let ann: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  /** Ann's objects, by the name of the path parameter (or body field) that carries them. */
  const of = {} as { pricePointId: string; paymentId: string; requestId: string; heldId: string; cardId: string; deposit: string; withdrawal: string; mediaId: string };
  let operations: OperationEntry[];

  const call = (u: TestUser, options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> =>
    api.inject({ ...options, headers: { authtoken: u.token, 'idempotency-key': randomUUID(), ...(options.headers ?? {}) } });
  /** Ann's whole visible state: what must not change whatever Eve tries. */
  const annsState = async () => ({
    wallet: await wallet.balance(ann),
    payments: (await pay.list(ann, 'startPage=1&endPage=5&status=all')).json(),
    cards: (await wallet.listCards(ann)).json(),
    deposits: (await wallet.deposits(ann)).json(),
    withdrawals: (await wallet.withdrawals(ann)).json(),
  });

  beforeAll(async () => {
    api = await startApi(kind);
    pay = paymentsClient(api);
    wallet = walletClient(api);
    ann = await createUser(api.fresh.database, api.clock.now());
    bob = await createUser(api.fresh.database, api.clock.now());
    eve = await createUser(api.fresh.database, api.clock.now());
    await api.fresh.database.db.update(users).set({ fullName: 'Ann Tester' }).where(eq(users.id, ann.id));
    for (const u of [ann, eve]) await fundWallet(api.fresh.database, u.id, 1_000_00, api.clock.now());
    operations = listOperations(await loadOpenApiDocument());

    const ok = async (res: LightMyRequestResponse, status = 201) => {
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    of.mediaId = (await ok(await wallet.upload(ann, FILES.jpeg(), 'image/jpeg', 'ann.jpg'))).media.id;
    of.paymentId = (await ok(await pay.send(ann, { receiverUserId: bob.id, amount: '5.00', paymentMethodId: 'balance', message: 'lunch' }))).data[0].payment_id;
    await ok(await pay.message(ann, { paymentId: of.paymentId, message: 'the receipt', messageMediaId: of.mediaId }));
    of.requestId = (await ok(await pay.request(ann, { receiverUserId: bob.id, amount: '7.00', message: 'tickets' }))).data[0].payment_id;
    const pricePointId = await createPricePoint(api.fresh.database.db, {
      creatorUserId: bob.id,
      priceCents: 3_00,
      description: 'a photo',
      mediaType: 'photo',
      now: api.clock.now(),
    });
    of.pricePointId = pricePointId;
    of.heldId = (await ok(await pay.send(ann, { receiverUserId: bob.id, amount: '3.00', paymentMethodId: 'balance', pricePointId }))).data[0].payment_id;
    of.cardId = await wallet.cardOf(ann);
    of.deposit = (await ok(await wallet.cardDeposit(ann, { paymentMethodId: of.cardId, amount: '10.00' }))).data[0].id;
    const bank = bankAccountBody();
    expect((await wallet.putBank(ann, bank)).statusCode).toBe(200);
    await destinationsSetADayAgo(api.fresh.database, ann.id, api.clock.now());
    of.withdrawal = (await ok(await wallet.withdraw(ann, { amount: '25.00', destination: 'bank_account' }))).data[0].id;
  });
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  it("another user's {userId} in the path → 404 not_found on every operation that has one", async () => {
    const params: Record<string, string> = {
      userId: ann.id,
      paymentId: of.paymentId,
      supporterPaymentId: of.paymentId,
      cardId: of.cardId,
      deposit: of.deposit,
      withdrawal: of.withdrawal,
      mediaId: of.mediaId,
      pricePointId: of.pricePointId,
      month: '2026-09',
    };
    const guarded = operations.filter((o) => o.path.includes('{userId}') && !(o.operation.operationId in NOT_OWNER_CHECKED));
    expect(guarded.length).toBeGreaterThanOrEqual(25);
    const before = await annsState();
    const probed: string[] = [];
    for (const { method, path, operation } of guarded) {
      const url = `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => {
        expect(params[name], `a value for {${name}} (${operation.operationId})`).toBeDefined();
        return params[name]!;
      })}`;
      // Bodies and queries that Ann herself could send, so only the owner differs.
      const payload = { paymentId: of.requestId, receiverUserId: bob.id, amount: '21.00', message: 'hi', paymentMethodId: 'balance', destination: 'bank_account' };
      const isUpload = operation.operationId === 'uploadMedia';
      // A query Ann could send: the search needs its text, the rest take (or ignore) a payment id.
      const query = operation.operationId === 'searchUsers' ? `q=${bob.username}` : `paymentId=${of.paymentId}`;
      if (method === 'get') {
        const own = await call(ann, { method: 'GET', url: `${url}?${query}` });
        expect(own.statusCode, `${operation.operationId} by its owner`).toBe(200);
      }
      const asEve = (target: string) =>
        call(eve, {
          method: method.toUpperCase() as InjectOptions['method'],
          url: method === 'get' ? `${target}?${query}` : target,
          ...(method === 'get' ? {} : isUpload ? { payload: FILES.png(), headers: { 'content-type': 'image/png' } } : { payload }),
        });
      const res = await asEve(url);
      expect(res.statusCode, `${method.toUpperCase()} ${path} (${operation.operationId}): ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', detail: 'Nothing was found at this address.' });
      // Word for word what a user id that exists nowhere gets (only the echoed address differs).
      const ghost = await asEve(url.replace(ann.id, randomUUID()));
      const { instance: _i, ...answer } = res.json();
      const { instance: _g, ...ghostAnswer } = ghost.json();
      expect(ghost.statusCode).toBe(404);
      expect(answer).toEqual(ghostAnswer);
      probed.push(operation.operationId);
    }
    // The money, wallet and media routes are all among them (the list comes from the contract).
    for (const id of ['getWallet', 'getPayment', 'listPayments', 'listPaymentEvents', 'sendPayment', 'requestPayment', 'cancelPaymentRequest', 'remindPaymentRequest', 'postPaymentMessage', 'listCards', 'addCard', 'removeCard', 'listDeposits', 'createCardDeposit', 'getUsdtDepositAddress', 'getDeposit', 'listWithdrawals', 'createWithdrawal', 'getWithdrawal', 'cancelWithdrawal', 'getBankAccount', 'putBankAccount', 'getPayoutAccount', 'linkPayoutAccount', 'unlinkPayoutAccount', 'uploadMedia', 'getMedia']) {
      expect(probed).toContain(id);
    }
    expect(await annsState()).toEqual(before);
  });

  it("one's own routes naming another user's payment, card, deposit, withdrawal or media → 404, nothing done", async () => {
    const before = await annsState();
    const base = `/api/app/user/${eve.id}`;
    const refused: Array<[string, LightMyRequestResponse]> = [
      ['read the payment', await pay.get(eve, of.paymentId)],
      ['read its trail', await pay.events(eve, of.paymentId)],
      ['read the held payment', await pay.get(eve, of.heldId)],
      ['pay the request', await pay.send(eve, { receiverUserId: ann.id, amount: '7.00', paymentMethodId: 'balance', paymentId: of.requestId })],
      ['cancel the request', await pay.cancel(eve, of.requestId)],
      ['remind of the request', await pay.remind(eve, of.requestId)],
      ['message on the payment', await pay.message(eve, { paymentId: of.paymentId, message: 'hello' })],
      ['reply to the price point', await pay.message(eve, { paymentId: of.heldId, message: 'here', messageMediaId: of.mediaId })],
      ['remove the card', await wallet.removeCard(eve, of.cardId)],
      ['read the deposit', await wallet.deposit(eve, of.deposit)],
      ['read the withdrawal', await wallet.withdrawal(eve, of.withdrawal)],
      ['cancel the withdrawal', await wallet.cancelWithdrawal(eve, of.withdrawal)],
      ['read the media', await wallet.media(eve, of.mediaId)],
    ];
    for (const [what, res] of refused) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
      expect(res.headers['content-type'], what).toMatch(/^application\/problem\+json/);
    }
    // Another's card cannot pay, neither a send nor a deposit: the same answer as a card that does not exist.
    const unknownCard = await call(eve, { method: 'POST', url: `${base}/deposits/card`, payload: { paymentMethodId: randomUUID(), amount: '5.00' } });
    for (const res of [
      await call(eve, { method: 'POST', url: `${base}/deposits/card`, payload: { paymentMethodId: of.cardId, amount: '5.00' } }),
      await pay.send(eve, { receiverUserId: bob.id, amount: '5.00', paymentMethodId: of.cardId }),
    ]) {
      expect(res.statusCode, res.body).toBe(unknownCard.statusCode);
      expect(res.json().code).toBe(unknownCard.json().code);
    }
    // Eve's own lists show none of it.
    const eves = JSON.stringify([
      (await pay.list(eve, 'startPage=1&endPage=5&status=all')).json(),
      (await wallet.listCards(eve)).json(),
      (await wallet.deposits(eve)).json(),
      (await wallet.withdrawals(eve)).json(),
    ]);
    for (const id of Object.values(of)) expect(eves).not.toContain(id);
    expect(await annsState()).toEqual(before);
    expect(await wallet.balance(eve)).toEqual({ balance: '1000.00', available: '1000.00', held: '0.00' });
  });
});
