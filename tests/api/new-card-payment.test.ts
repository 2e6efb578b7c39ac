import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { walletClient } from '../support/wallet-client';
import { auditLedger } from '../../server/ledger/audit';
import { createProviders, type Providers } from '../../server/providers/index';
import { SANDBOX_CARDS } from '../../server/providers/sandbox/card';

/**
 * Issue 22 item 3: a card typed into the payment (`newCard`, `save`). Validated with no charge before anything is
 * recorded, stored (kept unless `save: false`) and charged in the payment's own idempotent transaction.
 */
const DECLINED = 'Your credit card was declined. Please check the number, contact your bank or choose/enter another card';

describe.each(databaseKinds())('paying with a new card on $name', (kind) => {
  let api: ApiHarness;
  let pay: ReturnType<typeof paymentsClient>;
  let wallet: ReturnType<typeof walletClient>;
  let alice: TestUser; // pays with cards typed into the payment
  let bob: TestUser; // is paid
  /** How often the processor was asked to validate a card, and to authorise a charge. */
  const calls = { validate: 0, authorise: 0 };

  const cardsOf = async (u: TestUser) => (await wallet.listCards(u)).json().cards as { id: string; last4: string }[];
  const chargesOf = async (u: TestUser) =>
    Number((await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM card_charges WHERE user_id = ${u.id}`))[0]!.n);
  const cardRowsOf = async (u: TestUser) =>
    Number((await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM cards WHERE user_id = ${u.id}`))[0]!.n);
  const paymentsOf = async (u: TestUser) =>
    Number((await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM payments WHERE sender_user_id = ${u.id}`))[0]!.n);

  beforeAll(async () => {
    api = await startApi(kind, {
      providers: (deps) => {
        const real: Providers = createProviders(deps);
        return {
          ...real,
          card: {
            validate: (c) => {
              calls.validate++;
              return real.card.validate(c);
            },
            authorise: (input) => {
              calls.authorise++;
              return real.card.authorise(input);
            },
            capture: (input) => real.card.capture(input),
            void: (input) => real.card.void(input),
          },
        };
      },
    });
    pay = paymentsClient(api);
    wallet = walletClient(api);
    alice = await createUser(api.fresh.database, api.clock.now());
    bob = await createUser(api.fresh.database, api.clock.now());
  });
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  it('a valid new card: validated, kept among the cards, charged 5% on top, then captured', async () => {
    const before = { ...calls };
    const res = await pay.send(alice, { receiverUserId: bob.id, amount: '20.00', message: 'dinner', newCard: wallet.cardBody(SANDBOX_CARDS.success) });
    expect(res.statusCode, res.body).toBe(201);
    const cards = await cardsOf(alice);
    expect(cards).toHaveLength(1);
    expect(cards[0]!.last4).toBe('4242');
    expect(res.json().data[0]).toMatchObject({
      payment_status: 'awaiting',
      amount: '20.00',
      fee: '1.00',
      total_charge: '21.00',
      payment_method_id: cards[0]!.id,
      description: 'dinner',
    });
    expect(calls.validate - before.validate).toBe(1);
    expect(calls.authorise - before.authorise).toBe(1);
    await wallet.jobs();
    expect((await pay.get(bob, res.json().data[0].payment_id)).json().data[0].payment_status).toBe('complete');
    expect((await wallet.balance(bob)).available).toBe('20.00');
    // The saved card pays next time like any other.
    const again = await pay.send(alice, { receiverUserId: bob.id, amount: '2.00', paymentMethodId: cards[0]!.id });
    expect(again.statusCode).toBe(201);
  });

  it('"Save this card" unticked (save: false): charged once, never listed, not usable again', async () => {
    const listed = (await cardsOf(alice)).length;
    const res = await pay.send(alice, { receiverUserId: bob.id, amount: '10.00', newCard: wallet.cardBody('5555555555554444'), save: false });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data[0];
    expect(p).toMatchObject({ payment_status: 'awaiting', fee: '0.50', total_charge: '10.50' });
    expect(await cardsOf(alice)).toHaveLength(listed);
    const reuse = await pay.send(alice, { receiverUserId: bob.id, amount: '1.00', paymentMethodId: p.payment_method_id });
    expect(reuse.json()).toMatchObject({ status: 422, code: 'payment_method_not_found' });
    await wallet.jobs();
    expect((await pay.get(alice, p.payment_id)).json().data[0].payment_status).toBe('complete');
  });

  it("a declined card → 402 with the spec's text under the fields; nothing stored, recorded or charged", async () => {
    const state = { cards: await cardRowsOf(alice), charges: await chargesOf(alice), payments: await paymentsOf(alice), authorise: calls.authorise };
    const key = randomUUID();
    const res = await pay.send(alice, { receiverUserId: bob.id, amount: '15.00', newCard: wallet.cardBody(SANDBOX_CARDS.declined) }, key);
    expect(res.statusCode).toBe(402);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'card_declined', detail: DECLINED, declineCode: 'generic_decline' });
    const es = await pay.send(alice, { receiverUserId: bob.id, amount: '15.00', newCard: wallet.cardBody(SANDBOX_CARDS.declined) }, randomUUID(), 'es');
    expect(es.json().detail).toBe('Tu tarjeta de crédito fue rechazada. Revisa el número, comunícate con tu banco o elige/ingresa otra tarjeta');
    expect(await cardRowsOf(alice)).toBe(state.cards);
    expect(await chargesOf(alice)).toBe(state.charges);
    expect(await paymentsOf(alice)).toBe(state.payments);
    expect(calls.authorise).toBe(state.authorise);
    // The key was not used up: the payer fixes the number and pays with the same screen (and key).
    const fixed = await pay.send(alice, { receiverUserId: bob.id, amount: '15.00', newCard: wallet.cardBody(SANDBOX_CARDS.success), save: false }, key);
    expect(fixed.statusCode, fixed.body).toBe(201);
    await wallet.jobs();
  });

  it('an idempotent retry (the answer was lost) replays the answer: one card, one charge, one validation', async () => {
    const key = randomUUID();
    const body = { receiverUserId: bob.id, amount: '7.00', newCard: wallet.cardBody(SANDBOX_CARDS.success, { number: '4242 4242 4242 4242' }) };
    const state = { cards: await cardRowsOf(alice), charges: await chargesOf(alice), validate: calls.validate, authorise: calls.authorise };
    const first = await pay.send(alice, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await pay.send(alice, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await cardRowsOf(alice)).toBe(state.cards + 1);
    expect(await chargesOf(alice)).toBe(state.charges + 1);
    expect(calls.validate).toBe(state.validate + 1);
    expect(calls.authorise).toBe(state.authorise + 1);
    // Another card with the same key is another request: refused, nothing validated.
    const other = await pay.send(alice, { ...body, newCard: wallet.cardBody('5555555555554444') }, key);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect(calls.validate).toBe(state.validate + 1);
    await wallet.jobs();
  });

  it('paying a request with a new card: requested → awaiting → complete', async () => {
    const r = (await pay.request(bob, { receiverUserId: alice.id, amount: '30.00', message: 'concert' })).json().data[0];
    const paid = await pay.send(alice, { receiverUserId: bob.id, amount: '30.00', paymentId: r.payment_id, newCard: wallet.cardBody(), save: false });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data[0]).toMatchObject({ payment_status: 'awaiting', fee: '1.50', total_charge: '31.50' });
    await wallet.jobs();
    expect((await pay.get(bob, r.payment_id)).json().data[0].payment_status).toBe('complete');
  });

  it('exactly one of paymentMethodId and newCard: both or neither → 400, localised; the card rules name each field', async () => {
    const both = await pay.send(alice, { receiverUserId: bob.id, amount: '1.00', paymentMethodId: 'balance', newCard: wallet.cardBody() });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: 'payment_method_choice_invalid' });
    const neither = await pay.send(alice, { receiverUserId: bob.id, amount: '1.00' }, randomUUID(), 'pt');
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({
      code: 'payment_method_choice_invalid',
      detail: 'Pague com um método salvo (paymentMethodId) ou com um cartão novo (newCard): exatamente um dos dois.',
    });
    const validated = calls.validate;
    const bad = await pay.send(alice, { receiverUserId: bob.id, amount: '1.00', newCard: wallet.cardBody('4242424242424241', { nameOnCard: 'Ann', cvv: '12' }) });
    expect(bad.statusCode).toBe(400);
    const errors = Object.fromEntries(bad.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(errors).toMatchObject({
      nameOnCard: 'Enter the name as it appears on the card (at least two words)',
      number: 'This card number is not valid',
      cvv: 'CVV must have 3 or 4 digits',
    });
    expect(calls.validate).toBe(validated); // the processor is not asked about a card the rules refuse
    expect((await pay.send(alice, { receiverUserId: bob.id, amount: '1.00', newCard: { ...wallet.cardBody(), extra: 1 } })).statusCode).toBe(400);
  });
});
