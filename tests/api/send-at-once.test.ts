import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { auditLedger } from '../../server/ledger/audit';
import { answerPieces } from '../../server/payments/send-from-balance-keyed';

/**
 * The plain send from balance is one statement with its Idempotency-Key and stored answer (migration 0016,
 * server/payments/send-from-balance-keyed.ts); every other send goes through runIdempotent's transaction. These
 * tests hold the one-statement path to what the transaction path answers and stores.
 */
describe('the answer cut around the usernames', () => {
  it('refuses an answer that does not show each username exactly once', () => {
    expect(() => answerPieces(JSON.stringify({ data: [{ receiver_username: 'x', sender_username: 'y' }] }))).toThrow(/exactly once/);
  });
});

describe.each(databaseKinds())('send from balance in one statement on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    api = await startApi(kind);
    client = paymentsClient(api);
    // Names JSON must escape: the statement encodes them, and the bytes must read as the server's own would.
    alice = await createUser(api.fresh.database, api.clock.now(), `alice "quoted" \\ ${randomUUID().slice(0, 6)}`);
    bob = await createUser(api.fresh.database, api.clock.now(), `bob\tñ💸 ${randomUUID().slice(0, 6)}`);
    await fundWallet(api.fresh.database, alice.id, 100_00, api.clock.now());
  });
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  it('answers what reading the payment back shows, in the server’s own JSON, and stores those bytes with the key', async () => {
    const key = randomUUID();
    const message = 'a "message" with \\u0000, \\ and </script> — ✓';
    const sent = await client.send(alice, { receiverUserId: bob.id, amount: '2.50', paymentMethodId: 'balance', message }, key, 'es');
    expect(sent.statusCode).toBe(201);
    const payment = sent.json().data[0];
    expect(payment).toMatchObject({
      status: 'complete',
      amount: '2.50',
      signed_amount: '-2.50',
      sender_username: alice.username,
      receiver_username: bob.username,
      description: message,
      actions: [],
    });
    expect(payment.messages).toMatchObject([{ message, payment_triggered: true }]);
    expect(sent.body).toBe(JSON.stringify(sent.json()));
    // The same payment read back through the views (the transaction path's answer) is the same object.
    expect((await client.get(alice, payment.payment_id)).json().data[0]).toEqual(payment);

    const [row] = await api.fresh.database.rows<{ status_code: number; response_body: string; locale: string; request_path: string }>(
      sql`SELECT status_code, response_body, locale, request_path FROM idempotency_keys WHERE idempotency_key = ${key}`,
    );
    expect(row).toEqual({ status_code: 201, response_body: sent.body, locale: 'es', request_path: `/api/app/user/${alice.id}/payment/send/` });
  });

  it('a key is one key whichever path serves it: replayed by its own, refused (422) by the other', async () => {
    // Paying a request goes through the transaction; a plain send through the one statement.
    const request = (await client.request(bob, { receiverUserId: alice.id, amount: '1.25', message: 'lunch' })).json().data[0];
    const payRequest = { receiverUserId: bob.id, amount: '1.25', paymentMethodId: 'balance', paymentId: request.payment_id };
    const plain = { receiverUserId: bob.id, amount: '1.25', paymentMethodId: 'balance' };

    const first = randomUUID();
    const paid = await client.send(alice, payRequest, first);
    expect(paid.statusCode).toBe(200);
    expect((await client.send(alice, plain, first)).json()).toMatchObject({ code: 'idempotency_key_reused' });
    const replay = await client.send(alice, payRequest, first);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.rawPayload.equals(paid.rawPayload)).toBe(true);

    const second = randomUUID();
    const sent = await client.send(alice, plain, second);
    expect(sent.statusCode).toBe(201);
    const otherRequest = (await client.request(bob, { receiverUserId: alice.id, amount: '1.25', message: 'again' })).json().data[0];
    const reused = await client.send(alice, { ...payRequest, paymentId: otherRequest.payment_id }, second);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency_key_reused');
    expect((await client.get(alice, otherRequest.payment_id)).json().data[0].status).toBe('requested');
    expect((await client.wallet(alice)).available).toBe('95.00');
  });

  it('refusals come from the statement as problems and leave no key, no payment and no entry behind', async () => {
    const count = async (table: string) =>
      Number((await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM ${sql.raw(table)}`))[0]!.n);
    const before = { keys: await count('idempotency_keys'), payments: await count('payments'), entries: await count('journal_entries') };
    const key = randomUUID();
    const tooMuch = await client.send(alice, { receiverUserId: bob.id, amount: '1000.00', paymentMethodId: 'balance' }, key, 'pt');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.headers['content-type']).toMatch(/problem\+json/);
    expect(tooMuch.json().code).toBe('insufficient_funds');
    const nobody = await client.send(alice, { receiverUserId: randomUUID(), amount: '1.00', paymentMethodId: 'balance' }, key);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe('user_not_found');
    await api.fresh.database.rows(sql`UPDATE users SET email_status = 'unverified' WHERE id = ${alice.id}`);
    const unverified = await client.send(alice, { receiverUserId: bob.id, amount: '1.00', paymentMethodId: 'balance' }, key);
    await api.fresh.database.rows(sql`UPDATE users SET email_status = 'verified' WHERE id = ${alice.id}`);
    expect(unverified.statusCode).toBe(403);
    // Issue 21: the statement's sender check is the set-up gate (migration 0021); an unverified email fails it.
    expect(unverified.json().code).toBe('set_up_required');
    expect({ keys: await count('idempotency_keys'), payments: await count('payments'), entries: await count('journal_entries') }).toEqual(before);
    // The same key, now for a send that can be made: it was never stored, so it is served afresh.
    expect((await client.send(alice, { receiverUserId: bob.id, amount: '1.00', paymentMethodId: 'balance' }, key)).statusCode).toBe(201);
  });
});
