import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { walletClient } from '../support/wallet-client';
import { auditLedger } from '../../server/ledger/audit';
import { SANDBOX_CARDS } from '../../server/providers/sandbox/card';
import { SANDBOX_USDT_BLOCK_MS, USDT_REQUIRED_CONFIRMATIONS } from '../../server/providers/sandbox/usdt';

const SECOND = 1000;
const DECLINED = 'Your credit card was declined. Please check the number, contact your bank or choose/enter another card';

describe.each(databaseKinds())('deposits on $name', (kind) => {
  let api: ApiHarness;
  let pay: ReturnType<typeof paymentsClient>;
  let wallet: ReturnType<typeof walletClient>;
  let ann: TestUser;
  let eve: TestUser;
  let card: string;

  const later = async (ms: number) => {
    api.clock.setOffset(api.clock.offset + ms);
    await pay.refresh(ann, eve);
  };
  const trailOf = async (id: string) =>
    ((await wallet.deposit(ann, id)).json().events as { from_status: string | null; event: string; to_status: string }[]).map(
      (e) => `${e.from_status ?? '∅'} -${e.event}-> ${e.to_status}`,
    );

  beforeAll(async () => {
    api = await startApi(kind);
    pay = paymentsClient(api);
    wallet = walletClient(api);
    ann = await createUser(api.fresh.database, api.clock.now());
    eve = await createUser(api.fresh.database, api.clock.now());
    card = await wallet.cardOf(ann);
  });
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  describe('by card', () => {
    it('deposit $50 → the card is charged $52.50 (processing), the job captures it → complete, the wallet +$50.00', async () => {
      const res = await wallet.cardDeposit(ann, { paymentMethodId: card, amount: '50' });
      expect(res.statusCode, res.body).toBe(201);
      const d = res.json().data[0];
      expect(d).toMatchObject({
        status: 'processing',
        method: 'card',
        charged_type: 'card',
        amount: '50.00',
        fee: '2.50',
        total: '52.50',
        charged_amount: '52.50',
        card: { id: card, brand: 'visa', last4: '4242' },
        usdt: null,
        failure_code: null,
      });
      expect(d.payment_id).toBe(d.id);
      expect(await wallet.balance(ann)).toEqual({ balance: '0.00', available: '0.00', held: '0.00' });
      await wallet.jobs();
      expect(await wallet.balance(ann)).toEqual({ balance: '50.00', available: '50.00', held: '0.00' });
      const details = (await wallet.deposit(ann, d.id)).json();
      expect(details.data[0]).toMatchObject({ status: 'complete', amount: '50.00', total: '52.50' });
      expect(await trailOf(d.id)).toEqual(['∅ -CREATE-> created', 'created -AUTHORISED-> processing', 'processing -CAPTURED-> complete']);
      const postings = await api.fresh.database.rows<{ kind: string; amount_cents: string }>(sql`
        SELECT a.kind, p.amount_cents FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.kind = 'card_deposit' AND e.description = ${`deposit ${d.id}`} ORDER BY p.id`);
      expect(postings.map((p) => `${p.kind}=${Number(p.amount_cents)}`)).toEqual(['card_clearing=-5250', 'user_wallet=5000', 'fee_revenue=250']);
    });

    it("a declined card → 402 with the spec's text and the deposit failed; insufficient funds likewise", async () => {
      const bad = await wallet.cardOf(ann, SANDBOX_CARDS.declinedOnCharge);
      const res = await wallet.cardDeposit(ann, { paymentMethodId: bad, amount: '10.00' });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ code: 'card_declined', detail: DECLINED, declineCode: 'generic_decline' });
      const poor = await wallet.cardOf(ann, SANDBOX_CARDS.insufficientFunds);
      expect((await wallet.cardDeposit(ann, { paymentMethodId: poor, amount: '10.00' })).json().declineCode).toBe('insufficient_funds');
      const failed = (await wallet.deposits(ann, 'status=failed')).json().results;
      expect(failed.map((d: { failure_code: string }) => d.failure_code).sort()).toEqual(['generic_decline', 'insufficient_funds']);
      expect(await trailOf(failed[0].id)).toEqual(['∅ -CREATE-> created', 'created -FAILED-> failed']);
      expect((await wallet.balance(ann)).available).toBe('50.00');
    });

    it('amounts from $1.00 to $10,000.00; unknown or removed cards refused', async () => {
      for (const amount of ['0.99', '10000.01']) {
        const res = await wallet.cardDeposit(ann, { paymentMethodId: card, amount });
        expect(res.statusCode, amount).toBe(422);
        expect(res.json()).toMatchObject({ code: 'deposit_amount_out_of_range', detail: 'Card deposits must be from $1.00 to $10000.00' });
      }
      expect((await wallet.cardDeposit(ann, { paymentMethodId: card, amount: '1.5.0' })).statusCode).toBe(400);
      expect((await wallet.cardDeposit(ann, { paymentMethodId: 'balance', amount: '5' })).json().code).toBe('payment_method_not_found');
      expect((await wallet.cardDeposit(ann, { paymentMethodId: randomUUID(), amount: '5' })).json().code).toBe('payment_method_not_found');
    });

    it('Idempotency-Key: a replay returns the same deposit byte for byte and charges once; another body → 422', async () => {
      const key = randomUUID();
      const first = await wallet.cardDeposit(ann, { paymentMethodId: card, amount: '5.00' }, key);
      const again = await wallet.cardDeposit(ann, { paymentMethodId: card, amount: '5.00' }, key);
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await wallet.cardDeposit(ann, { paymentMethodId: card, amount: '6.00' }, key)).json().code).toBe('idempotency_key_reused');
      expect((await wallet.cardDeposit(ann, { paymentMethodId: card, amount: '5.00' })).statusCode).toBe(201); // a new key is a new deposit
      await wallet.jobs();
      expect((await wallet.balance(ann)).available).toBe('60.00');
    });
  });

  describe('by USDT', () => {
    it('one deposit address per user, the same every time', async () => {
      const a = (await wallet.usdtAddress(ann)).json();
      expect(a).toMatchObject({ asset: 'USDT', network: 'TRON (TRC-20)', requiredConfirmations: USDT_REQUIRED_CONFIRMATIONS });
      expect(a.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect((await wallet.usdtAddress(ann)).json().address).toBe(a.address);
      expect((await wallet.usdtAddress(eve)).json().address).not.toBe(a.address);
    });

    it('an arrival (dev endpoint) → created; the job: → processing at the first confirmation → complete at 20; free, 1:1', async () => {
      const arrived = await wallet.simulateUsdt(ann.username + '@example.com', '25.00');
      expect(arrived.statusCode, arrived.body).toBe(201);
      const { deposit, address, txHash } = arrived.json();
      expect(address).toBe((await wallet.usdtAddress(ann)).json().address);
      expect(deposit).toMatchObject({ status: 'created', method: 'usdt', amount: '25.00', fee: '0.00', total: '25.00', usdt: { address, tx_hash: txHash, confirmations: 0 } });
      const before = Number((await wallet.balance(ann)).available);
      await later(SANDBOX_USDT_BLOCK_MS + SECOND);
      await wallet.jobs();
      const processing = (await wallet.deposit(ann, deposit.id)).json().data[0];
      expect(processing.status).toBe('processing');
      expect(processing.usdt.confirmations).toBeGreaterThanOrEqual(1);
      expect(Number((await wallet.balance(ann)).available)).toBe(before);
      await later(SANDBOX_USDT_BLOCK_MS * USDT_REQUIRED_CONFIRMATIONS);
      await wallet.jobs();
      const complete = (await wallet.deposit(ann, deposit.id)).json().data[0];
      expect(complete).toMatchObject({ status: 'complete', usdt: { required_confirmations: USDT_REQUIRED_CONFIRMATIONS } });
      expect(complete.usdt.confirmations).toBeGreaterThanOrEqual(USDT_REQUIRED_CONFIRMATIONS);
      expect(Number((await wallet.balance(ann)).available)).toBeCloseTo(before + 25, 2);
      expect(await trailOf(deposit.id)).toEqual(['∅ -CREATE-> created', 'created -CONFIRMING-> processing', 'processing -CONFIRMED-> complete']);
      // By user id too; an unknown user → 404.
      expect((await wallet.simulateUsdt(ann.id, '1.00')).statusCode).toBe(201);
      expect((await wallet.simulateUsdt('nobody@example.com', '1.00')).statusCode).toBe(404);
      expect((await wallet.simulateUsdt(ann.id, '0')).statusCode).toBe(422);
    });

    it('a transfer the network drops (amount ending .66) → failed, nothing credited', async () => {
      const before = (await wallet.balance(ann)).available;
      const { deposit } = (await wallet.simulateUsdt(ann.id, '10.66')).json();
      await later(SANDBOX_USDT_BLOCK_MS + SECOND);
      await wallet.jobs();
      expect((await wallet.deposit(ann, deposit.id)).json().data[0]).toMatchObject({ status: 'failed', failure_code: 'usdt_dropped' });
      expect((await wallet.balance(ann)).available).toBe(before);
    });
  });

  describe('lists and details', () => {
    it('newest first, filtered; details by id or by created_at; anyone else → 404', async () => {
      await later(SANDBOX_USDT_BLOCK_MS * (USDT_REQUIRED_CONFIRMATIONS + 1));
      await wallet.jobs();
      const all = (await wallet.deposits(ann, 'startPage=1&endPage=2')).json();
      expect(all.totalPages).toBe(1);
      const times = all.results.map((d: { created_at: string }) => d.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      expect((await wallet.deposits(ann, 'status=complete')).json().results.every((d: { status: string }) => d.status === 'complete')).toBe(true);
      expect((await wallet.deposits(ann, 'status=pending')).json().results).toEqual([]);
      const one = all.results[0];
      const byDate = await wallet.deposit(ann, one.created_at);
      expect(byDate.statusCode).toBe(200);
      expect(byDate.json().data[0].id).toBe(one.id);
      for (const res of [await wallet.deposit(eve, one.id), await wallet.deposit(eve, one.created_at), await wallet.deposit(ann, randomUUID()), await wallet.deposit(ann, 'yesterday')]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'deposit_not_found', detail: 'Could not find the transaction' });
      }
      for (const res of [await wallet.deposit(eve, one.id, ann), await wallet.deposits({ ...eve, id: ann.id }), await wallet.usdtAddress({ ...eve, id: ann.id })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
      expect((await wallet.deposits(eve)).json()).toEqual({ totalPages: 0, results: [] });
      expect((await wallet.deposits(ann, 'startPage=2&endPage=1')).statusCode).toBe(400);
    });
  });
});
