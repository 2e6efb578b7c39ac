import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createTestMedia, createUser, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { walletClient } from '../support/wallet-client';
import { auditLedger } from '../../server/ledger/audit';
import { createPricePoint } from '../../server/payments/price-points';
import { createProviders, type Providers } from '../../server/providers/index';
import { SANDBOX_CARDS } from '../../server/providers/sandbox/card';
import { ProviderUnavailableError } from '../../server/providers/card';
import { users } from '../../server/db/schema/index';
import { eq } from 'drizzle-orm';

const HOUR = 60 * 60 * 1000;
const SECOND = 1000;
const DECLINED = 'Your credit card was declined. Please check the number, contact your bank or choose/enter another card';

const CARD_EDGES = [
  'created -AUTHORISE_CARD-> awaiting',
  'requested -AUTHORISE_CARD-> awaiting',
  'awaiting -CAPTURED-> complete',
  'awaiting -CARD_DECLINED-> failed',
  'created -CARD_DECLINED-> failed',
  'processing -CARD_DECLINED-> failed',
];

describe.each(databaseKinds())('cards and card payments on $name', (kind) => {
  let api: ApiHarness;
  let pay: ReturnType<typeof paymentsClient>;
  let wallet: ReturnType<typeof walletClient>;
  let alice: TestUser; // pays by card
  let bob: TestUser; // is paid, requests, creates
  let eve: TestUser; // sees nothing of theirs
  let aliceCard: string;
  /** When set, the card processor does not answer authorisations (a timeout). */
  let processorDown = false;
  const seen = new Set<string>();

  const trail = async (u: TestUser, id: string) => {
    const lines = await pay.trail(u, id);
    lines.forEach((l) => seen.add(l));
    return lines;
  };
  const refresh = () => pay.refresh(alice, bob, eve);
  const later = async (ms: number) => {
    api.clock.setOffset(api.clock.offset + ms);
    await refresh();
  };
  /** The journal entries of a payment as "kind: account=amount, …". */
  const entriesOf = async (paymentId: string) => {
    const rows = await api.fresh.database.rows<{ entry_id: string; kind: string; account: string; amount_cents: string }>(sql`
      SELECT e.id AS entry_id, e.kind, CASE WHEN a.user_id IS NULL THEN a.kind ELSE a.user_id::text END AS account, p.amount_cents
      FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE e.payment_id = ${paymentId} ORDER BY e.id, p.id`);
    return rows.map((r) => `${r.kind}: ${r.account}=${Number(r.amount_cents)}`);
  };

  beforeAll(async () => {
    api = await startApi(kind, {
      providers: (deps) => {
        const real: Providers = createProviders(deps);
        return {
          ...real,
          card: {
            validate: (c) => real.card.validate(c),
            authorise: async (input) => {
              if (processorDown) throw new ProviderUnavailableError('timeout');
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
    const now = api.clock.now();
    alice = await createUser(api.fresh.database, now);
    bob = await createUser(api.fresh.database, now);
    eve = await createUser(api.fresh.database, now);
  });
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  describe('adding, listing and removing cards', () => {
    it('a valid card is validated with no charge and stored as brand, last four, expiry and a token only', async () => {
      const body = wallet.cardBody(SANDBOX_CARDS.success, { number: '4242 4242 4242 4242', cvv: '987' });
      const res = await wallet.addCard(alice, body);
      expect(res.statusCode, res.body).toBe(201);
      const card = res.json().card;
      expect(card).toEqual({ id: expect.any(String), brand: 'visa', last4: '4242', expMonth: 12, expYear: body.expYear, createdAt: expect.any(String) });
      aliceCard = card.id;
      // Neither the number nor the CVV is anywhere in the database, ours or the sandbox processor's.
      for (const table of ['cards', 'sandbox_objects', 'card_charges']) {
        const dump = JSON.stringify(await api.fresh.database.rows(sql`SELECT * FROM ${sql.identifier(table)}`));
        expect(dump, table).not.toContain('4242424242424242');
        expect(dump, table).not.toMatch(/"987"|cvv/i);
      }
      // No money moved.
      expect(await wallet.balance(alice)).toEqual({ balance: '0.00', available: '0.00', held: '0.00' });
    });

    it("a declined card (4000 0000 0000 0002) → 402 with the spec's text, localised; nothing is stored", async () => {
      const before = (await wallet.listCards(alice)).json().cards.length;
      const res = await wallet.addCard(alice, wallet.cardBody(SANDBOX_CARDS.declined));
      expect(res.statusCode).toBe(402);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'card_declined', detail: DECLINED, declineCode: 'generic_decline' });
      expect((await wallet.addCard(alice, wallet.cardBody(SANDBOX_CARDS.declined), 'es')).json().detail).toBe(
        'Tu tarjeta de crédito fue rechazada. Revisa el número, comunícate con tu banco o elige/ingresa otra tarjeta',
      );
      expect((await wallet.listCards(alice)).json().cards.length).toBe(before);
    });

    it('the form rules: two-word name, 15/16 digits with Luhn, month, expiry, CVV — each field named, localised', async () => {
      const res = await wallet.addCard(alice, wallet.cardBody('4242424242424241', { nameOnCard: 'Ann', cvv: '12', expMonth: 13 }));
      expect(res.statusCode).toBe(400);
      const errors = Object.fromEntries(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
      expect(errors).toMatchObject({
        nameOnCard: 'Enter the name as it appears on the card (at least two words)',
        number: 'This card number is not valid',
        expMonth: 'Enter a valid month (1 to 12)',
        cvv: 'CVV must have 3 or 4 digits',
      });
      const past = await wallet.addCard(alice, wallet.cardBody(SANDBOX_CARDS.success, { expYear: 2020 }), 'pt');
      expect(past.json().errors[0]).toMatchObject({ field: 'expYear' });
      const short = await wallet.addCard(alice, wallet.cardBody('42424242424242'));
      expect(short.json().errors[0]).toMatchObject({ field: 'number', message: 'Card number must have 15 or 16 digits' });
      expect((await wallet.addCard(alice, { ...wallet.cardBody(), extra: 1 })).statusCode).toBe(400);
    });

    it('lists the caller’s cards; only the owner removes one (anyone else → 404); a removed card cannot pay', async () => {
      const spare = await wallet.cardOf(alice, '5555555555554444');
      expect((await wallet.listCards(alice)).json().cards.map((c: { id: string }) => c.id)).toEqual([aliceCard, spare]);
      expect((await wallet.listCards(eve)).json().cards).toEqual([]);
      const asEve = await wallet.removeCard(eve, spare);
      expect(asEve.statusCode).toBe(404);
      expect(asEve.json().code).toBe('card_not_found');
      const inAlicesPath = await wallet.removeCard(eve, spare, alice);
      expect(inAlicesPath.statusCode).toBe(404);
      expect(inAlicesPath.json().code).toBe('not_found');
      expect((await wallet.listCards(alice)).json().cards).toHaveLength(2);
      expect((await wallet.removeCard(alice, spare)).json()).toEqual({ removed: true, cardId: spare });
      expect((await wallet.removeCard(alice, spare)).statusCode).toBe(404);
      expect((await wallet.listCards(alice)).json().cards.map((c: { id: string }) => c.id)).toEqual([aliceCard]);
      const res = await pay.send(alice, { receiverUserId: bob.id, amount: '1.00', paymentMethodId: spare });
      expect(res.json()).toMatchObject({ status: 422, code: 'payment_method_not_found' });
      // Someone else's card is not a payment method of yours.
      expect((await pay.send(eve, { receiverUserId: bob.id, amount: '1.00', paymentMethodId: aliceCard })).json().code).toBe('payment_method_not_found');
    });

    it('an unverified email cannot add a card or move money', async () => {
      const newcomer = await createUser(api.fresh.database, api.clock.now());
      await api.fresh.database.db.update(users).set({ emailStatus: 'unverified' }).where(eq(users.id, newcomer.id));
      // Issue 21: a verified email is part of a complete profile, so the set-up gate answers first (403 set_up_required).
      const res = await wallet.addCard(newcomer, wallet.cardBody());
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('set_up_required');
      expect((await pay.send(newcomer, { receiverUserId: bob.id, amount: '1.00', paymentMethodId: 'balance' })).json().code).toBe('set_up_required');
    });
  });

  describe('sending by card: 5% on top, authorised, then captured by the job', () => {
    it('created → awaiting (authorised) → complete (captured): the receiver gets 100%, the fee goes to fee revenue', async () => {
      const res = await pay.send(alice, { receiverUserId: bob.id, amount: '20.00', paymentMethodId: aliceCard, message: 'by card' });
      expect(res.statusCode, res.body).toBe(201);
      const p = res.json().data[0];
      expect(p).toMatchObject({
        payment_status: 'awaiting',
        amount: '20.00',
        fee: '1.00',
        total_charge: '21.00',
        signed_amount: '-21.00',
        payment_method_id: aliceCard,
        description: 'by card',
      });
      expect(await entriesOf(p.payment_id)).toEqual([]); // nothing moves before the capture
      expect((await wallet.balance(bob)).available).toBe('0.00');
      const ran = await wallet.jobs();
      expect(ran.ran).toBeGreaterThanOrEqual(1);
      const done = (await pay.get(bob, p.payment_id)).json().data[0];
      expect(done).toMatchObject({ payment_status: 'complete', signed_amount: '20.00', fee: '1.00' });
      expect((await wallet.balance(bob)).available).toBe('20.00');
      expect(await entriesOf(p.payment_id)).toEqual([
        'card_capture: card_clearing=-2100',
        `card_capture: ${bob.id}=2000`,
        'card_capture: fee_revenue=100',
      ]);
      expect(await trail(alice, p.payment_id)).toEqual(['∅ -CREATE-> created', 'created -AUTHORISE_CARD-> awaiting', 'awaiting -CAPTURED-> complete']);
      const events = (await pay.events(alice, p.payment_id)).json().data;
      expect(events.map((e: { actor: string }) => e.actor)).toEqual([alice.id, alice.id, 'system']);
    });

    it("a card declined when charged → 402 with the spec's text, the payment failed, nothing moved", async () => {
      const badCard = await wallet.cardOf(alice, SANDBOX_CARDS.declinedOnCharge);
      const res = await pay.send(alice, { receiverUserId: bob.id, amount: '5.00', paymentMethodId: badCard });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ code: 'card_declined', detail: DECLINED, declineCode: 'generic_decline', instance: `/api/app/user/${alice.id}/payment/send/` });
      const poorCard = await wallet.cardOf(alice, SANDBOX_CARDS.insufficientFunds);
      const poor = await pay.send(alice, { receiverUserId: bob.id, amount: '5.00', paymentMethodId: poorCard }, randomUUID(), 'pt');
      expect(poor.statusCode).toBe(402);
      expect(poor.json()).toMatchObject({ code: 'card_declined', declineCode: 'insufficient_funds' });
      expect(poor.json().detail).toContain('Seu cartão de crédito foi recusado');
      const failed = (await pay.list(alice, 'startPage=1&endPage=10')).json().results.filter((p: { payment_status: string }) => p.payment_status === 'failed');
      expect(failed).toHaveLength(2);
      for (const p of failed) {
        expect(await trail(alice, p.payment_id)).toEqual(['∅ -CREATE-> created', 'created -CARD_DECLINED-> failed']);
        expect(await entriesOf(p.payment_id)).toEqual([]);
      }
    });

    it('Idempotency-Key: a replay is byte-identical (the decline too); another body with the key → 422', async () => {
      const key = randomUUID();
      const body = { receiverUserId: bob.id, amount: '2.00', paymentMethodId: aliceCard };
      const first = await pay.send(alice, body, key);
      expect(first.statusCode).toBe(201);
      const again = await pay.send(alice, body, key);
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await pay.send(alice, { ...body, amount: '3.00' }, key)).json().code).toBe('idempotency_key_reused');
      const badCard = await wallet.cardOf(alice, SANDBOX_CARDS.declinedOnCharge);
      const declineKey = randomUUID();
      const declined = await pay.send(alice, { ...body, paymentMethodId: badCard }, declineKey);
      const replayed = await pay.send(alice, { ...body, paymentMethodId: badCard }, declineKey);
      expect(replayed.statusCode).toBe(402);
      expect(replayed.body).toBe(declined.body);
      expect(replayed.headers['content-type']).toContain('application/problem+json');
      const count = await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM card_charges WHERE user_id = ${alice.id}`);
      await wallet.jobs();
      expect(Number(count[0]!.n)).toBeGreaterThan(0);
    });

    it('the processor does not answer: 503, the key stays unanswered (409 on replay), and the job finishes it', async () => {
      const key = randomUUID();
      const body = { receiverUserId: bob.id, amount: '4.00', paymentMethodId: aliceCard };
      processorDown = true;
      const first = await pay.send(alice, body, key);
      expect(first.statusCode).toBe(503);
      expect(first.json().code).toBe('provider_unavailable');
      expect((await pay.send(alice, body, key)).json().code).toBe('idempotency_key_in_flux');
      processorDown = false;
      await later(61 * SECOND);
      await wallet.jobs(); // card_authorisation asks again with the same key, then the capture runs
      const answer = await pay.send(alice, body, key);
      expect(answer.statusCode).toBe(201);
      expect(answer.headers['idempotent-replayed']).toBe('true');
      const p = answer.json().data[0];
      expect(p.payment_status).toBe('awaiting'); // the stored answer is what the request would have said
      expect((await pay.get(alice, p.payment_id)).json().data[0].payment_status).toBe('complete');
      const charges = await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM card_charges WHERE payment_id = ${p.payment_id}`);
      expect(Number(charges[0]!.n)).toBe(1);
    });

    it('a capture refused (the authorisation lapsed before the capture ran) → awaiting → failed, nothing moved', async () => {
      const p = (await pay.send(alice, { receiverUserId: bob.id, amount: '6.00', paymentMethodId: aliceCard })).json().data[0];
      await later(72 * HOUR + SECOND);
      await wallet.jobs();
      expect((await pay.get(alice, p.payment_id)).json().data[0].payment_status).toBe('failed');
      expect((await trail(alice, p.payment_id)).at(-1)).toBe('awaiting -CARD_DECLINED-> failed');
      expect(await entriesOf(p.payment_id)).toEqual([]);
    });

    it('paying a request by card: a decline leaves it payable; then requested → awaiting → complete', async () => {
      const r = (await pay.request(bob, { receiverUserId: alice.id, amount: '10.00', message: 'tickets' })).json().data[0];
      const badCard = await wallet.cardOf(alice, SANDBOX_CARDS.declinedOnCharge);
      const body = { receiverUserId: bob.id, amount: '10.00', paymentId: r.payment_id };
      const declined = await pay.send(alice, { ...body, paymentMethodId: badCard });
      expect(declined.statusCode).toBe(402);
      expect((await pay.get(alice, r.payment_id)).json().data[0]).toMatchObject({ payment_status: 'requested', actions: ['pay', 'decline'] });
      const bobBefore = (await wallet.balance(bob)).available;
      const paid = await pay.send(alice, { ...body, paymentMethodId: aliceCard });
      expect(paid.statusCode).toBe(200);
      expect(paid.json().data[0]).toMatchObject({ payment_status: 'awaiting', fee: '0.50', total_charge: '10.50', payment_method_id: aliceCard });
      expect((await pay.send(alice, { ...body, paymentMethodId: aliceCard })).statusCode).toBe(409); // not twice
      await wallet.jobs();
      expect((await pay.get(bob, r.payment_id)).json().data[0].payment_status).toBe('complete');
      expect(Number((await wallet.balance(bob)).available) - Number(bobBefore)).toBeCloseTo(10, 2);
      expect(await trail(bob, r.payment_id)).toEqual([
        '∅ -CREATE-> created',
        'created -REQUEST-> requested',
        'requested -AUTHORISE_CARD-> awaiting',
        'awaiting -CAPTURED-> complete',
      ]);
    });
  });

  describe('price points by card: the authorisation is the hold', () => {
    let pricePointId: string;
    let bobPhoto: string;
    beforeAll(async () => {
      pricePointId = await createPricePoint(api.fresh.database.db, {
        creatorUserId: bob.id,
        priceCents: 20_00,
        description: 'a signed photo',
        mediaType: 'photo',
        now: api.clock.now(),
      });
      bobPhoto = await createTestMedia(api.fresh.database, bob.id, 'photo');
    });
    const buy = () => pay.send(alice, { receiverUserId: bob.id, amount: '20.00', paymentMethodId: aliceCard, pricePointId });
    const chargeStatus = async (paymentId: string) =>
      (await api.fresh.database.rows<{ status: string }>(sql`SELECT status FROM card_charges WHERE payment_id = ${paymentId}`))[0]?.status;

    it('bought → new (held on the card, not in escrow); the media reply → processing → complete, captured with the fee', async () => {
      await refresh();
      const res = await buy();
      expect(res.statusCode, res.body).toBe(201);
      const p = res.json().data[0];
      expect(p).toMatchObject({ payment_status: 'new', fee: '1.00', total_charge: '21.00', media_type: 'photo' });
      expect(new Date(p.hold_expires_at).getTime() - new Date(p.created_at).getTime()).toBeLessThanOrEqual(72 * HOUR);
      expect((await wallet.balance(alice)).held).toBe('0.00'); // a card hold is not the wallet's money
      expect(await chargeStatus(p.payment_id)).toBe('authorised');
      const bobBefore = Number((await wallet.balance(bob)).available);
      const reply = await pay.message(bob, { paymentId: p.payment_id, message: 'here it is', messageMediaId: bobPhoto });
      expect(reply.json().payment_triggered).toBe(true);
      expect((await pay.get(bob, p.payment_id)).json().data[0].payment_status).toBe('processing');
      await wallet.jobs();
      expect((await pay.get(bob, p.payment_id)).json().data[0].payment_status).toBe('complete');
      expect(Number((await wallet.balance(bob)).available) - bobBefore).toBeCloseTo(20, 2);
      expect(await chargeStatus(p.payment_id)).toBe('captured');
      expect(await entriesOf(p.payment_id)).toEqual(['capture: card_clearing=-2100', `capture: ${bob.id}=2000`, 'capture: fee_revenue=100']);
      expect(await trail(alice, p.payment_id)).toEqual([
        '∅ -CREATE-> created',
        'created -HOLD_FUNDS-> new',
        'new -REPLY_WITH_MEDIA-> processing',
        'processing -CAPTURED-> complete',
      ]);
    });

    it('the creator declines → rejected and the authorisation is voided', async () => {
      const p = (await buy()).json().data[0];
      expect((await pay.cancel(bob, p.payment_id)).json().data[0].payment_status).toBe('rejected');
      await wallet.jobs();
      expect(await chargeStatus(p.payment_id)).toBe('voided');
      expect(await entriesOf(p.payment_id)).toEqual([]);
    });

    it('no reply in 72 hours → cancelled and voided; a reply just before 72 h whose capture runs after the processor’s expiry → failed', async () => {
      const p = (await buy()).json().data[0];
      await later(72 * HOUR + SECOND);
      await wallet.jobs();
      expect((await pay.get(alice, p.payment_id)).json().data[0].payment_status).toBe('cancelled');
      expect(await chargeStatus(p.payment_id)).toBe('voided');
      expect((await trail(alice, p.payment_id)).at(-1)).toBe('new -EXPIRE-> cancelled');

      const q = (await buy()).json().data[0];
      const msToExpiry = new Date(q.hold_expires_at).getTime() - api.clock.now().getTime();
      // Ten seconds to spare, not one: the test clock runs on with real time, and a loaded machine can take a second.
      await later(msToExpiry - 10 * SECOND);
      expect((await pay.message(bob, { paymentId: q.payment_id, message: 'just in time', messageMediaId: bobPhoto })).json().payment_triggered).toBe(true);
      await later(14 * SECOND); // the runner was late: the processor's authorisation has lapsed
      await wallet.jobs();
      expect((await pay.get(alice, q.payment_id)).json().data[0].payment_status).toBe('failed');
      expect((await trail(alice, q.payment_id)).at(-1)).toBe('processing -CARD_DECLINED-> failed');
      expect(await chargeStatus(q.payment_id)).toBe('capture_declined');
      expect(await entriesOf(q.payment_id)).toEqual([]);
    });

    it('a card declined for a price point → failed', async () => {
      const badCard = await wallet.cardOf(alice, SANDBOX_CARDS.declinedOnCharge);
      const res = await pay.send(alice, { receiverUserId: bob.id, amount: '20.00', paymentMethodId: badCard, pricePointId });
      expect(res.statusCode).toBe(402);
    });
  });

  it('a third user gets 404 on the card routes of another', async () => {
    for (const res of [await wallet.listCards({ ...eve, id: alice.id }), await wallet.removeCard(eve, aliceCard, alice)]) {
      expect(res.statusCode).toBe(404);
    }
  });

  it('every card transition of the lifecycle was taken through the API', () => {
    expect(CARD_EDGES.filter((e) => !seen.has(e))).toEqual([]);
  });
});
