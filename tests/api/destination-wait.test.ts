import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { outboxFor } from '../support/accounts';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { walletClient } from '../support/wallet-client';
import { auditLedger } from '../../server/ledger/audit';
import { users } from '../../server/db/schema/index';
import { bankAccountBody } from '../support/bank-account-body';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Issue 21: a new or changed payout destination (bank account, payout account) emails its owner, and withdrawals to
 * it open 24 hours later by the server clock — 409 `destination_not_open_yet` naming the moment, in the caller's
 * language. The harness clock is set to fixed moments so the expected dates can be written out.
 */
describe.each(databaseKinds())('new payout destinations: notices and the 24-hour wait on $name', (kind) => {
  let api: ApiHarness;
  let pay: ReturnType<typeof paymentsClient>;
  let wallet: ReturnType<typeof walletClient>;
  let ann: TestUser;
  let bea: TestUser;

  const bank = (extra: Record<string, unknown> = {}) => bankAccountBody(extra);
  const emailOf = (u: TestUser) => `${u.username}@example.com`;
  /** Sets the server clock to `iso` (it runs on from there) and gives the users sessions of that moment. */
  const at = async (iso: string) => {
    api.clock.setOffset(new Date(iso).getTime() - Date.now());
    await pay.refresh(ann, bea);
  };
  /** `ms` after the moment the server recorded (the clock ran a few milliseconds between `at` and the save). */
  const after = (recorded: string, ms: number) => new Date(Date.parse(recorded) + ms).toISOString();
  const withdraw = (u: TestUser, destination: 'bank_account' | 'payout_account', lang: 'en' | 'es' = 'en') =>
    wallet.withdraw(u, { amount: '25.00', destination }, randomUUID(), lang);

  beforeAll(async () => {
    api = await startApi(kind);
    pay = paymentsClient(api);
    wallet = walletClient(api);
    ann = await createUser(api.fresh.database, api.clock.now());
    bea = await createUser(api.fresh.database, api.clock.now());
    for (const u of [ann, bea]) {
      await api.fresh.database.db.update(users).set({ fullName: 'Ann Tester' }).where(eq(users.id, u.id));
      await fundWallet(api.fresh.database, u.id, 1_000_00, api.clock.now());
    }
    await api.fresh.database.db.update(users).set({ language: 'es' }).where(eq(users.id, bea.id));
  }, 180_000);
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  describe('the bank account', () => {
    it('saved at 15:05 → a notice with the masked account, refused until 15:05 the next day (named in en and es), allowed at 24:00', async () => {
      await at('2027-03-04T15:05:00.000Z');
      const saved = await wallet.putBank(ann, bank());
      expect(saved.statusCode, saved.body).toBe(200);
      const savedAt: string = saved.json().bankAccount.updatedAt;
      expect(savedAt.slice(0, 16)).toBe('2027-03-04T15:05');
      expect(saved.json().bankAccount.withdrawalsOpenAt).toBe(after(savedAt, DAY));
      expect((await wallet.getBank(ann)).json().bankAccount.withdrawalsOpenAt).toBe(saved.json().bankAccount.withdrawalsOpenAt);

      const [notice] = await outboxFor(api, emailOf(ann));
      expect(notice!.subject).toBe('Your Tipjar bank account was changed');
      expect(notice!.body).toBe(
        'On March 4, 2027 at 3:05 PM UTC the bank account your Tipjar withdrawals go to was set to Chase ••••6789. ' +
          'Withdrawals to it open on March 5, 2027 at 3:05 PM UTC.\n\nIf it was not you, change your password now and get help here:\n' +
          'http://localhost:3000/help',
      );

      await at(after(savedAt, DAY - MINUTE)); // 23:59 later
      const en = await withdraw(ann, 'bank_account');
      expect(en.statusCode).toBe(409);
      expect(en.headers['content-type']).toContain('application/problem+json');
      expect(en.json()).toMatchObject({
        code: 'destination_not_open_yet',
        detail: 'Withdrawals to this account open on March 5, 2027 at 3:05 PM UTC',
        withdrawalsOpenAt: saved.json().bankAccount.withdrawalsOpenAt,
      });
      expect((await withdraw(ann, 'bank_account', 'es')).json().detail).toBe('Los retiros a esta cuenta se habilitan el 5 de marzo de 2027 a las 15:05 UTC');
      expect((await wallet.balance(ann)).available).toBe('1000.00');

      await at(after(savedAt, DAY)); // 24:00 later
      expect((await withdraw(ann, 'bank_account')).statusCode).toBe(201);
      expect((await wallet.balance(ann)).available).toBe('975.00');
    });

    it('an edit of the address alone keeps the wait as it was and sends nothing; a new account number starts it again', async () => {
      await at('2027-03-06T09:00:00.000Z');
      const before = (await outboxFor(api, emailOf(ann))).length;
      const moved = await wallet.putBank(ann, bank({ addressLine1: '2 Other Street' }));
      expect(moved.json().bankAccount.withdrawalsOpenAt.slice(0, 16)).toBe('2027-03-05T15:05');
      expect(await outboxFor(api, emailOf(ann))).toHaveLength(before);
      expect((await withdraw(ann, 'bank_account')).statusCode).toBe(201);

      const changed = await wallet.putBank(ann, bank({ accountNumber: '000987654321' }));
      expect(changed.json().bankAccount.withdrawalsOpenAt.slice(0, 16)).toBe('2027-03-07T09:00');
      const [notice] = await outboxFor(api, emailOf(ann));
      expect(notice!.body).toContain('set to Chase ••••4321.');
      expect(notice!.body).not.toContain('000987654321');
      expect((await withdraw(ann, 'bank_account')).json().code).toBe('destination_not_open_yet');
    });

    it("the notice is in the account's stored language, whatever the request's", async () => {
      await at('2027-03-08T18:30:00.000Z');
      expect((await wallet.putBank(bea, bank(), 'en')).statusCode).toBe(200);
      const [notice] = await outboxFor(api, emailOf(bea));
      expect(notice!.subject).toBe('Se cambió la cuenta bancaria de tu cuenta de Tipjar');
      expect(notice!.body).toContain('El 8 de marzo de 2027 a las 18:30 UTC la cuenta bancaria a la que van tus retiros de Tipjar pasó a ser Chase ••••6789.');
      expect(notice!.body).toContain('Los retiros a ella se habilitan el 9 de marzo de 2027 a las 18:30 UTC.');
    });
  });

  describe('the payout account', () => {
    const PROVIDER_PASSWORD = 'Pr0vider!secret-91';

    it('linked at 10:00 → a notice naming it masked, refused until 10:00 the next day (en and es), allowed at 24:00', async () => {
      await at('2027-04-01T10:00:00.000Z');
      const before = (await outboxFor(api, emailOf(ann))).length;
      const linked = await wallet.linkPayout(ann, { email: 'Ann.Payouts@Example.com', password: PROVIDER_PASSWORD, bankAccountNumber: '5555 4444' });
      expect(linked.statusCode, linked.body).toBe(200);
      const linkedAt: string = linked.json().payoutAccount.linkedAt;
      expect(linkedAt.slice(0, 16)).toBe('2027-04-01T10:00');
      expect(linked.json().payoutAccount.withdrawalsOpenAt).toBe(after(linkedAt, DAY));
      expect((await wallet.getPayout(ann)).json().payoutAccount.withdrawalsOpenAt).toBe(linked.json().payoutAccount.withdrawalsOpenAt);

      const messages = await outboxFor(api, emailOf(ann));
      expect(messages).toHaveLength(before + 1);
      expect(messages[0]!.subject).toBe('A payout account was linked to your Tipjar account');
      expect(messages[0]!.body).toBe(
        'On April 1, 2027 at 10:00 AM UTC the PayWorld account a***@example.com ••••4444 was linked to your Tipjar account for withdrawals. ' +
          'Withdrawals to it open on April 2, 2027 at 10:00 AM UTC.\n\nIf it was not you, change your password now and get help here:\n' +
          'http://localhost:3000/help',
      );
      expect(messages[0]!.body).not.toContain(PROVIDER_PASSWORD);

      await at(after(linkedAt, DAY - MINUTE)); // 23:59 later
      const en = await withdraw(ann, 'payout_account');
      expect(en.statusCode).toBe(409);
      expect(en.json()).toMatchObject({ code: 'destination_not_open_yet', detail: 'Withdrawals to this account open on April 2, 2027 at 10:00 AM UTC' });
      expect((await withdraw(ann, 'payout_account', 'es')).json().detail).toBe('Los retiros a esta cuenta se habilitan el 2 de abril de 2027 a las 10:00 UTC');
      // The bank account, open since March, is not held up by the new payout account.
      expect((await withdraw(ann, 'bank_account')).statusCode).toBe(201);

      await at(after(linkedAt, DAY)); // 24:00 later
      const ok = await withdraw(ann, 'payout_account');
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().data[0]).toMatchObject({ destination: 'payout_account', destination_label: 'PayWorld a***@example.com' });
    });

    it('linking again starts the wait again', async () => {
      await at('2027-04-03T12:00:00.000Z');
      const relinked = await wallet.linkPayout(ann, { email: 'ann.other@example.com', password: PROVIDER_PASSWORD, bankAccountNumber: '7777 8888' });
      expect(relinked.json().payoutAccount.withdrawalsOpenAt.slice(0, 16)).toBe('2027-04-04T12:00');
      expect((await withdraw(ann, 'payout_account')).json().code).toBe('destination_not_open_yet');
      await at('2027-04-04T11:59:00.000Z');
      expect((await withdraw(ann, 'payout_account')).statusCode).toBe(409);
      await at(new Date(Date.parse('2027-04-04T12:00:00.000Z') + HOUR).toISOString());
      expect((await withdraw(ann, 'payout_account')).statusCode).toBe(201);
    });
  });
});
