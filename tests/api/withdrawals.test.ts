import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { walletClient } from '../support/wallet-client';
import { auditLedger } from '../../server/ledger/audit';
import { users } from '../../server/db/schema/index';
import { WITHDRAWAL_SUBMIT_DELAY_MS, PAYOUT_POLL_MS } from '../../server/wallet/withdrawals';
import { SANDBOX_PAYOUT_SETTLE_MS } from '../../server/providers/sandbox/payouts';
import { bankAccountBody } from '../support/bank-account-body';

const MINUTE = 60_000;
/** Withdrawals to a destination set or changed open a day later (issue 21; its boundary: destination-wait.test.ts). */
const DAY = 24 * 60 * MINUTE;
const RANGE = 'Must be more than $20 and less than $10000';
const ABOVE = 'Withdrawal amount must be less than balance';

describe.each(databaseKinds())('bank account, payout account and withdrawals on $name', (kind) => {
  let api: ApiHarness;
  let pay: ReturnType<typeof paymentsClient>;
  let wallet: ReturnType<typeof walletClient>;
  let ann: TestUser;
  let eve: TestUser;
  const logLines: string[] = [];

  const bank = (extra: Record<string, unknown> = {}) => bankAccountBody(extra);
  const later = async (ms: number) => {
    api.clock.setOffset(api.clock.offset + ms);
    await pay.refresh(ann, eve);
  };
  /** Runs the jobs past the cancellation window and the sandbox's settlement. */
  const settle = async () => {
    await later(WITHDRAWAL_SUBMIT_DELAY_MS + 1_000);
    await wallet.jobs(); // submitted → processing
    await later(SANDBOX_PAYOUT_SETTLE_MS + PAYOUT_POLL_MS);
    await wallet.jobs(); // settled
  };
  const trailOf = async (id: string) =>
    ((await wallet.withdrawal(ann, id)).json().events as { from_status: string | null; event: string; to_status: string }[]).map(
      (e) => `${e.from_status ?? '∅'} -${e.event}-> ${e.to_status}`,
    );

  beforeAll(async () => {
    api = await startApi(kind, {
      env: { LOG_LEVEL: 'debug' },
      logStream: new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk));
          done();
        },
      }) as never,
    });
    pay = paymentsClient(api);
    wallet = walletClient(api);
    ann = await createUser(api.fresh.database, api.clock.now());
    eve = await createUser(api.fresh.database, api.clock.now());
    await api.fresh.database.db.update(users).set({ fullName: 'Ann Tester' }).where(eq(users.id, ann.id));
    await fundWallet(api.fresh.database, ann.id, 20_000_00, api.clock.now());
  });
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  describe('the bank account', () => {
    it('none yet → null; PUT saves it, GET shows it with the numbers masked and no mismatch', async () => {
      expect((await wallet.getBank(ann)).json()).toEqual({ bankAccount: null });
      const res = await wallet.putBank(ann, bank({ accountNumber: '0001 2345 6789' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().bankAccount).toMatchObject({
        firstName: 'Ann',
        bankCountry: 'US',
        accountType: 'checking',
        accountNumberMasked: '••••6789',
        idNumberMasked: '••••4567',
        nameMismatch: false,
        addressLine2: null,
        region: null,
      });
      expect(res.body).not.toContain('000123456789');
      expect((await wallet.getBank(ann)).json()).toEqual(res.json());
      expect((await wallet.getBank(eve)).json()).toEqual({ bankAccount: null });
    });

    it('the rules: 18 or older, RUT/VISTA check digit, the bank country’s account format — named and localised', async () => {
      const res = await wallet.putBank(ann, bank({ birthdate: '2020-01-01' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'birthdate', code: 'underage', message: 'You must be 18 or older' }]);
      const es = await wallet.putBank(ann, bank({ idType: 'rut_vista', idNumber: '12.345.678-4' }), 'es');
      expect(es.json().errors[0]).toMatchObject({ field: 'idNumber', message: 'Ingresa un RUT válido, por ejemplo 12.345.678-5' });
      expect((await wallet.putBank(ann, bank({ idType: 'rut_vista', idNumber: '12.345.678-5', bankCountry: 'CL', accountNumber: '12345678' }))).statusCode).toBe(200);
      const mx = await wallet.putBank(ann, bank({ bankCountry: 'MX', accountNumber: '002010077777777772' }));
      expect(mx.json().errors[0]).toMatchObject({ field: 'accountNumber', message: 'This account number is not valid: check its digits' });
      const es2 = await wallet.putBank(ann, bank({ bankCountry: 'ES', accountNumber: '000123456789' }));
      expect(es2.json().errors[0]).toMatchObject({ field: 'accountNumber', code: 'account_number_format' });
      expect((await wallet.putBank(ann, bank({ bankCountry: 'ZZ' }))).json().errors[0]).toMatchObject({ field: 'bankCountry' });
      // Names every object has (`'toString' in {}`) are no bank country either: a 400, never a 500.
      for (const bankCountry of ['toString', 'valueOf']) {
        const inherited = await wallet.putBank(ann, bank({ bankCountry }));
        expect(inherited.statusCode, bankCountry).toBe(400);
        expect(inherited.json().errors[0]).toMatchObject({ field: 'bankCountry', code: 'bank_country_unsupported' });
      }
      expect((await wallet.putBank(ann, bank({ accountType: 'current' }))).json().errors[0]).toMatchObject({ field: 'accountType' });
      expect((await wallet.putBank(ann, { ...bank(), firstName: undefined })).statusCode).toBe(400);
      expect((await wallet.putBank(ann, bank())).statusCode).toBe(200); // back to the US account
    });
  });

  describe('withdrawals', () => {
    it("boundaries: 20.00 refused, 20.01 accepted, 9,999.99 accepted, 10,000.00 refused — the spec's message", async () => {
      await later(DAY); // the account saved above opens for withdrawals
      for (const amount of ['20.00', '10000.00', '0.01', '10000.01']) {
        const res = await wallet.withdraw(ann, { amount, destination: 'bank_account' });
        expect(res.statusCode, amount).toBe(422);
        expect(res.json()).toMatchObject({ code: 'withdrawal_amount_out_of_range', detail: RANGE });
      }
      expect((await wallet.withdraw(ann, { amount: '20.00', destination: 'bank_account' }, randomUUID(), 'es')).json().detail).toBe(
        'Debe ser mayor a $20 y menor a $10000',
      );
      const low = await wallet.withdraw(ann, { amount: '20.01', destination: 'bank_account' });
      expect(low.statusCode, low.body).toBe(201);
      expect(low.json().data[0]).toMatchObject({
        status: 'created',
        amount: '20.01',
        fee: '0.00',
        total: '20.01',
        destination: 'bank_account',
        charged_type: 'bank_account',
        destination_label: 'Chase ····6789',
        actions: ['cancel'],
      });
      const high = await wallet.withdraw(ann, { amount: '9999.99', destination: 'bank_account' });
      expect(high.statusCode).toBe(201);
      // The money left the wallet at once: 20,000.00 − 20.01 − 9,999.99.
      expect(await wallet.balance(ann)).toEqual({ balance: '9980.00', available: '9980.00', held: '0.00' });
    });

    it("above the available balance → the spec's message; the whole balance is allowed", async () => {
      const res = await wallet.withdraw(ann, { amount: '9980.01', destination: 'bank_account' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'withdrawal_above_balance', detail: ABOVE });
      expect((await wallet.withdraw(ann, { amount: '9980.01', destination: 'bank_account' }, randomUUID(), 'pt')).json().detail).toBe(
        'O valor do saque deve ser menor que o saldo',
      );
      const all = await wallet.withdraw(ann, { amount: '9980.00', destination: 'bank_account' });
      expect(all.statusCode).toBe(201);
      expect((await wallet.balance(ann)).available).toBe('0.00');
      // Cancelled while created: the money comes back.
      const cancelled = await wallet.cancelWithdrawal(ann, all.json().data[0].id);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data[0]).toMatchObject({ status: 'cancelled', actions: [] });
      expect((await wallet.balance(ann)).available).toBe('9980.00');
      expect(await trailOf(all.json().data[0].id)).toEqual(['∅ -CREATE-> created', 'created -CANCEL-> cancelled']);
      expect((await wallet.cancelWithdrawal(ann, all.json().data[0].id)).json().code).toBe('withdrawal_not_cancellable');
    });

    it('settles by the jobs: created → processing (no longer cancellable) → complete; the money stays out', async () => {
      const w = (await wallet.withdraw(ann, { amount: '100.00', destination: 'bank_account' })).json().data[0];
      await later(WITHDRAWAL_SUBMIT_DELAY_MS + 1_000);
      await wallet.jobs();
      expect((await wallet.withdrawal(ann, w.id)).json().data[0]).toMatchObject({ status: 'processing', actions: [] });
      const late = await wallet.cancelWithdrawal(ann, w.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('withdrawal_not_cancellable');
      await later(SANDBOX_PAYOUT_SETTLE_MS + PAYOUT_POLL_MS);
      await wallet.jobs();
      expect((await wallet.withdrawal(ann, w.id)).json().data[0].status).toBe('complete');
      expect(await trailOf(w.id)).toEqual(['∅ -CREATE-> created', 'created -SUBMIT-> processing', 'processing -PAID-> complete']);
      // The 20.01 and 9,999.99 ones settled too.
      expect((await wallet.withdrawals(ann, 'status=complete')).json().results).toHaveLength(3);
      expect((await wallet.balance(ann)).available).toBe('9880.00');
    });

    it('a failing account (number ending 0000) → failed and the money back; ending 1111 → rejected and the money back', async () => {
      expect((await wallet.putBank(ann, bank({ accountNumber: '987650000' }))).statusCode).toBe(200);
      await later(DAY);
      const failing = (await wallet.withdraw(ann, { amount: '50.00', destination: 'bank_account' })).json().data[0];
      expect((await wallet.balance(ann)).available).toBe('9830.00');
      await settle();
      expect((await wallet.withdrawal(ann, failing.id)).json().data[0]).toMatchObject({ status: 'failed', failure_code: 'account_closed' });
      expect(await trailOf(failing.id)).toEqual(['∅ -CREATE-> created', 'created -SUBMIT-> processing', 'processing -FAILED-> failed']);
      expect((await wallet.balance(ann)).available).toBe('9880.00');

      expect((await wallet.putBank(ann, bank({ accountNumber: '987651111' }))).statusCode).toBe(200);
      await later(DAY);
      const rejected = (await wallet.withdraw(ann, { amount: '30.00', destination: 'bank_account' })).json().data[0];
      await settle();
      expect((await wallet.withdrawal(ann, rejected.id)).json().data[0]).toMatchObject({ status: 'rejected', failure_code: 'compliance_rejected' });
      expect((await wallet.balance(ann)).available).toBe('9880.00');
      expect((await wallet.putBank(ann, bank())).statusCode).toBe(200);
      await later(DAY);
    });

    it("a bank info mismatch (holder ≠ the user's name) blocks withdrawals with the warning, until corrected", async () => {
      const saved = await wallet.putBank(ann, bank({ firstName: 'Somebody', lastName: 'Else' }));
      expect(saved.json().bankAccount.nameMismatch).toBe(true);
      expect((await wallet.getBank(ann)).json().bankAccount.nameMismatch).toBe(true);
      const res = await wallet.withdraw(ann, { amount: '25.00', destination: 'bank_account' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'bank_info_mismatch',
        detail: 'The name on your bank account does not match your name. Update your bank information to withdraw.',
      });
      // Accents, case and spacing do not count as a mismatch.
      await api.fresh.database.db.update(users).set({ fullName: '  ÁNN   TESTER ' }).where(eq(users.id, ann.id));
      expect((await wallet.putBank(ann, bank())).json().bankAccount.nameMismatch).toBe(false);
      // The holder's name is part of where the money goes: the corrected account waits its day too.
      expect((await wallet.withdraw(ann, { amount: '25.00', destination: 'bank_account' })).json().code).toBe('destination_not_open_yet');
      await later(DAY);
      expect((await wallet.withdraw(ann, { amount: '25.00', destination: 'bank_account' })).statusCode).toBe(201);
    });

    it('Idempotency-Key on create and cancel: replays are byte-identical and move money once; another body → 422', async () => {
      const key = randomUUID();
      const before = (await wallet.balance(ann)).available;
      const first = await wallet.withdraw(ann, { amount: '21.00', destination: 'bank_account' }, key);
      const again = await wallet.withdraw(ann, { amount: '21.00', destination: 'bank_account' }, key);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await wallet.withdraw(ann, { amount: '22.00', destination: 'bank_account' }, key)).json().code).toBe('idempotency_key_reused');
      expect(Number(before) - Number((await wallet.balance(ann)).available)).toBeCloseTo(21, 2);
      const cancelKey = randomUUID();
      const c1 = await wallet.cancelWithdrawal(ann, first.json().data[0].id, cancelKey);
      const c2 = await wallet.cancelWithdrawal(ann, first.json().data[0].id, cancelKey);
      expect(c1.statusCode).toBe(200);
      expect(c2.body).toBe(c1.body);
      expect((await wallet.balance(ann)).available).toBe(before);
      // Without the header: 400 naming it.
      const none = await api.inject({ method: 'POST', url: `/api/app/user/${ann.id}/withdrawals`, headers: { authtoken: ann.token }, payload: { amount: '21.00', destination: 'bank_account' } });
      expect(none.statusCode).toBe(400);
    });

    it('lists newest first and details by id or created_at; a third user gets 404 everywhere', async () => {
      const list = (await wallet.withdrawals(ann, 'startPage=1&endPage=3')).json();
      expect(list.results.length).toBeGreaterThanOrEqual(7);
      const times = list.results.map((w: { created_at: string }) => w.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      const one = list.results[0];
      expect((await wallet.withdrawal(ann, one.created_at)).json().data[0].id).toBe(one.id);
      expect((await wallet.withdrawals(ann, 'status=failed')).json().results.map((w: { status: string }) => w.status).sort()).toEqual([
        'cancelled',
        'cancelled',
        'failed',
        'rejected',
      ]);
      for (const res of [await wallet.withdrawal(eve, one.id), await wallet.cancelWithdrawal(eve, one.id)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'withdrawal_not_found', detail: 'Could not find the transaction' });
      }
      for (const res of [
        await wallet.withdrawal(eve, one.id, ann),
        await wallet.withdrawals({ ...eve, id: ann.id }),
        await wallet.getBank({ ...eve, id: ann.id }),
        await wallet.getPayout({ ...eve, id: ann.id }),
        await wallet.withdraw({ ...eve, id: ann.id }, { amount: '21.00', destination: 'bank_account' }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
      expect((await wallet.withdrawals(eve)).json()).toEqual({ totalPages: 0, results: [] });
    });
  });

  describe('the payout account', () => {
    const PASSWORD = 'Pr0vider!secret-91';

    it("not activated → the spec's error (log in to the provider first), with where to go; wrong password refused", async () => {
      const res = await wallet.linkPayout(ann, { email: 'inactive.ann@example.com', password: PASSWORD, bankAccountNumber: '12345678' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'payout_account_not_activated',
        detail: 'Your PayWorld account is not activated. Log in to PayWorld and complete your account first, then link it again.',
        providerUrl: 'https://payworld.example',
      });
      const wrong = await wallet.linkPayout(ann, { email: 'ann@example.com', password: 'wrong-password', bankAccountNumber: '12345678' });
      expect(wrong.json().code).toBe('payout_account_invalid_credentials');
      expect((await wallet.getPayout(ann)).json()).toMatchObject({ payoutAccount: null, provider: 'PayWorld' });
      expect((await wallet.withdraw(ann, { amount: '21.00', destination: 'payout_account' })).json().code).toBe('payout_account_missing');
    });

    it('linked: a withdrawal to it settles; the password is stored nowhere and logged nowhere', async () => {
      const res = await wallet.linkPayout(ann, { email: 'Ann.Payouts@Example.com', password: PASSWORD, bankAccountNumber: '5555 4444' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payoutAccount).toMatchObject({ email: 'ann.payouts@example.com', emailMasked: 'a***@example.com', bankAccountLast4: '4444', provider: 'PayWorld' });
      await later(DAY);
      const w = (await wallet.withdraw(ann, { amount: '40.00', destination: 'payout_account' })).json().data[0];
      expect(w).toMatchObject({ destination: 'payout_account', destination_label: 'PayWorld a***@example.com' });
      await settle();
      expect((await wallet.withdrawal(ann, w.id)).json().data[0].status).toBe('complete');
      for (const table of ['payout_accounts', 'withdrawals', 'sandbox_objects', 'idempotency_keys', 'outbox']) {
        const dump = JSON.stringify(await api.fresh.database.rows(sql`SELECT * FROM ${sql.identifier(table)}`));
        expect(dump, table).not.toContain(PASSWORD);
      }
      expect(logLines.join('\n')).not.toContain(PASSWORD);
      expect(logLines.length).toBeGreaterThan(0);
      expect((await wallet.unlinkPayout(ann)).json().payoutAccount).toBeNull();
      expect((await wallet.getPayout(ann)).json().payoutAccount).toBeNull();
    });
  });

  it('an unverified email cannot withdraw, save a bank account or link a payout account', async () => {
    const newcomer = await createUser(api.fresh.database, api.clock.now());
    await api.fresh.database.db.update(users).set({ emailStatus: 'unverified' }).where(eq(users.id, newcomer.id));
    // Issue 21: a verified email is part of a complete profile, so the set-up gate answers first (403 set_up_required).
    expect((await wallet.withdraw(newcomer, { amount: '21.00', destination: 'bank_account' })).json().code).toBe('set_up_required');
    expect((await wallet.putBank(newcomer, bank())).json().code).toBe('set_up_required');
    expect((await wallet.linkPayout(newcomer, { email: 'a@example.com', password: 'x', bankAccountNumber: '1234' })).json().code).toBe('set_up_required');
  });
});
