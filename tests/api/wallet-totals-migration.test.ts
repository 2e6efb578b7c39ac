import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { databaseKinds } from '../support/databases';
import { createUser, fundWallet } from '../support/money';
import { postEntry } from '../../server/ledger/post-entry';
import { sendPayment } from '../../server/payments/service';
import { walletTotalsBreaches } from '../../server/audit/wallet-totals';

/**
 * Migration 0031 on a database that already has money: the quarter-hour totals of every entry written before it are
 * backfilled, so the audit finds them equal to the ledger, and entries written after are added by the trigger.
 */
describe.each(databaseKinds({ migratedBefore: '0031' }))('migration 0031 (wallet totals) on $name', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await kind.open());
  }, 60_000);
  afterAll(async () => {
    await dispose();
  });

  it('backfills the entries written before it, then keeps up with new ones', async () => {
    const now = new Date();
    const ann = await createUser(database, now);
    const bob = await createUser(database, now);
    await fundWallet(database, ann.id, 50_00, new Date(now.getTime() - 3 * 86_400_000));
    await database.db.transaction((tx) =>
      postEntry(tx, {
        kind: 'card_deposit',
        createdAt: new Date(now.getTime() - 2 * 86_400_000),
        postings: [
          { account: { system: 'card_clearing' }, amountCents: -(20_00 + 88) },
          { account: { wallet: ann.id }, amountCents: 20_00 },
          { account: { system: 'fee_revenue' }, amountCents: 88 },
        ],
      }),
    );
    await database.db.transaction((tx) => sendPayment({ tx, now, userId: ann.id }, { receiverUserId: bob.id, amountCents: 12_50, paymentMethodId: 'balance' }));

    expect(await migrate(database)).toContain('0031_wallet_totals');
    expect(await walletTotalsBreaches(database)).toEqual([]);
    const sums = async (userId: string) =>
      (
        await database.rows<Record<string, string>>(sql`
          SELECT sum(money_in) AS money_in, sum(money_out) AS money_out, sum(received) AS received, sum(sent) AS sent, sum(fees) AS fees
          FROM wallet_totals WHERE user_id = ${userId}`)
      )[0];
    expect(await sums(ann.id)).toEqual({ money_in: String(70_00), money_out: '1250', received: '0', sent: '1250', fees: '88' });
    expect(await sums(bob.id)).toEqual({ money_in: '1250', money_out: '0', received: '1250', sent: '0', fees: '0' });

    await database.db.transaction((tx) => sendPayment({ tx, now, userId: bob.id }, { receiverUserId: ann.id, amountCents: 2_50, paymentMethodId: 'balance' }));
    expect(await walletTotalsBreaches(database)).toEqual([]);
    expect((await sums(bob.id))!.sent).toBe('250');
  });
});
