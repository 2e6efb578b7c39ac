import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { InsufficientFundsError, postEntry, UnbalancedEntryError } from '../../server/ledger/post-entry';
import { auditLedger } from '../../server/ledger/audit';
import { walletOf } from '../../server/ledger/wallet';

describe.each(databaseKinds())('ledger core on $name', (kind) => {
  let api: ApiHarness;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    api = await startApi(kind);
    const now = api.clock.now();
    alice = await createUser(api.fresh.database, now);
    bob = await createUser(api.fresh.database, now);
    carol = await createUser(api.fresh.database, now);
  });
  afterAll(() => api.close());

  const db = () => api.fresh.database;

  it('the system accounts exist from the start; a wallet is created at its first movement', async () => {
    const rows = await db().rows<{ kind: string }>(sql`SELECT kind FROM ledger_accounts WHERE user_id IS NULL ORDER BY id`);
    expect(rows.map((r) => r.kind)).toEqual(['card_clearing', 'usdt_clearing', 'payout_clearing', 'escrow', 'fee_revenue']);
    expect(await walletOf(db().db, alice.id)).toEqual({ balanceCents: 0, availableCents: 0, heldCents: 0 });
    await fundWallet(db(), alice.id, 50_00, api.clock.now());
    expect(await walletOf(db().db, alice.id)).toEqual({ balanceCents: 50_00, availableCents: 50_00, heldCents: 0 });
    expect(await auditLedger(db())).toEqual([]);
  });

  it('moves money between wallets in one balanced entry', async () => {
    await db().db.transaction((tx) =>
      postEntry(tx, {
        kind: 'transfer',
        createdAt: api.clock.now(),
        postings: [
          { account: { wallet: alice.id }, amountCents: -12_34 },
          { account: { wallet: bob.id }, amountCents: 12_34 },
        ],
      }),
    );
    expect((await walletOf(db().db, alice.id)).availableCents).toBe(37_66);
    expect((await walletOf(db().db, bob.id)).availableCents).toBe(12_34);
    expect(await auditLedger(db())).toEqual([]);
  });

  it('refuses to take a wallet below zero and writes nothing', async () => {
    const before = await db().rows<{ n: string }>(sql`SELECT count(*) AS n FROM journal_entries`);
    await expect(
      db().db.transaction((tx) =>
        postEntry(tx, {
          kind: 'transfer',
          createdAt: api.clock.now(),
          postings: [
            { account: { wallet: bob.id }, amountCents: -12_35 },
            { account: { wallet: carol.id }, amountCents: 12_35 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const after = await db().rows<{ n: string }>(sql`SELECT count(*) AS n FROM journal_entries`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
    expect((await walletOf(db().db, bob.id)).availableCents).toBe(12_34);
  });

  it('refuses unbalanced, empty, fractional and zero postings in code', async () => {
    const bad = [
      [{ account: { wallet: alice.id }, amountCents: -1 }, { account: { wallet: bob.id }, amountCents: 2 }],
      [{ account: { wallet: alice.id }, amountCents: -1 }],
      [{ account: { wallet: alice.id }, amountCents: -1.5 }, { account: { wallet: bob.id }, amountCents: 1.5 }],
      [{ account: { wallet: alice.id }, amountCents: 0 }, { account: { wallet: bob.id }, amountCents: 0 }],
    ];
    for (const postings of bad) {
      await expect(
        db().db.transaction((tx) => postEntry(tx, { kind: 'transfer', createdAt: api.clock.now(), postings })),
      ).rejects.toBeInstanceOf(UnbalancedEntryError);
    }
  });

  it('the database itself refuses an unbalanced entry at commit, and edits or deletes of the journal', async () => {
    await expect(
      db().db.transaction(async (tx) => {
        const r = await tx.execute(sql`INSERT INTO journal_entries (kind, created_at) VALUES ('bad', now()) RETURNING id`);
        const id = (r as unknown as { rows: { id: string }[] }).rows[0]!.id;
        await tx.execute(sql`INSERT INTO postings (entry_id, account_id, amount_cents) VALUES (${id}, 1, 5), (${id}, 2, -4)`);
      }),
    ).rejects.toThrow();
    await expect(db().rows(sql`UPDATE postings SET amount_cents = amount_cents + 1`)).rejects.toThrow();
    await expect(db().rows(sql`DELETE FROM journal_entries`)).rejects.toThrow();
    await expect(db().rows(sql`TRUNCATE postings CASCADE`)).rejects.toThrow();
    await expect(db().rows(sql`UPDATE ledger_accounts SET balance_cents = -1 WHERE user_id = ${bob.id}`)).rejects.toThrow();
    expect(await auditLedger(db())).toEqual([]);
  });

  it('GET wallet → { balance, available, held } as decimal strings, to its owner only', async () => {
    const res = await api.inject({ method: 'GET', url: `/api/app/user/${alice.id}/wallet`, headers: { authtoken: alice.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ balance: '37.66', available: '37.66', held: '0.00' });
    const none = await api.inject({ method: 'GET', url: `/api/app/user/${carol.id}/wallet`, headers: { authtoken: carol.token } });
    expect(none.json()).toEqual({ balance: '0.00', available: '0.00', held: '0.00' });
    const other = await api.inject({ method: 'GET', url: `/api/app/user/${alice.id}/wallet`, headers: { authtoken: carol.token } });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('not_found');
    const anonymous = await api.inject({ method: 'GET', url: `/api/app/user/${alice.id}/wallet` });
    expect(anonymous.statusCode).toBe(401);
  });
});
