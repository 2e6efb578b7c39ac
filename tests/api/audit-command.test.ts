import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds, type DatabaseKind } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { runAudit } from '../../server/audit/audit-command';
import { checkTrail } from '../../server/audit/payment-trail';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';

const run = promisify(execFile);

/** `npm run audit`'s program as a separate process (tsx instead of the esbuild bundle, same code), on `env`'s database. */
async function auditProcess(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(join('node_modules', '.bin', 'tsx'), ['server/cli/audit.ts', ...args], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', DATA_DIR: '', ...env },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function audit(api: ApiHarness, ...args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runAudit(args, api.fresh.database, (line) => lines.push(line));
  return { code, lines };
}

describe.each(databaseKinds())('npm run audit on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let alice: TestUser;
  let bob: TestUser;
  let sent: string;
  let cancelled: string;

  beforeAll(async () => {
    api = await startApi(kind);
    client = paymentsClient(api);
    alice = await createUser(api.fresh.database, api.clock.now());
    bob = await createUser(api.fresh.database, api.clock.now());
    await fundWallet(api.fresh.database, alice.id, 50_00, api.clock.now());
    sent = (await client.send(alice, { receiverUserId: bob.id, amount: '12.50', paymentMethodId: 'balance', message: 'lunch' })).json().data[0].payment_id;
    cancelled = (await client.request(bob, { receiverUserId: alice.id, amount: '7.00', message: 'cinema' })).json().data[0].payment_id;
    expect((await client.cancel(bob, cancelled)).statusCode).toBe(200);
  });
  afterAll(() => api.close());

  it('prints a sent payment’s trail with its balanced entry, and passes', async () => {
    const { code, lines } = await audit(api, 'payment', sent);
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toContain(`Payment ${sent}: send, 12.50 USD (fee 0.00), status complete`);
    expect(text).toMatch(new RegExp(`Z  sender ${alice.id}  ∅ → created  CREATE`));
    expect(text).toMatch(new RegExp(`Z  sender ${alice.id}  created → complete  PAY_FROM_BALANCE  "paid from balance"`));
    expect(text).toContain('Journal entries (1):');
    expect(text).toMatch(new RegExp(`-12\\.50  user_wallet ${alice.id}`));
    expect(text).toMatch(new RegExp(`\\+12\\.50  user_wallet ${bob.id}`));
    expect(text).toContain('OK: the trail is a path the payment-lifecycle machine allows, and every entry balances.');
  });

  it('prints a cancelled request: requested by the one paid, cancelled by them, no money moved', async () => {
    const { code, lines } = await audit(api, 'payment', cancelled);
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/created → requested {2}REQUEST/);
    expect(text).toMatch(new RegExp(`receiver ${bob.id}  requested → cancelled  CANCEL  "cancelled by the requester"`));
    expect(text).toContain('Journal entries (0):');
  });

  it('checks the whole ledger and passes a sound database, saying how much it looked at', async () => {
    const { code, lines } = await audit(api, 'ledger');
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/: 2 journal entries, \d+ accounts, 2 payments$/);
  });

  it('refuses a wrong command, a malformed id and a payment that does not exist (exit 2)', async () => {
    expect((await audit(api)).code).toBe(2);
    expect((await audit(api, 'payment')).code).toBe(2);
    expect((await audit(api, 'payment', 'not-an-id')).lines).toEqual(['not a payment id: not-an-id']);
    const missing = randomUUID();
    expect(await audit(api, 'payment', missing)).toEqual({ code: 2, lines: [`no payment ${missing}`] });
    expect((await audit(api, 'ledger', 'extra')).code).toBe(2);
  });

  // Last: these corrupt the database on purpose, as someone editing rows by hand would.
  it('names a cached balance that drifted from its postings, and a negative wallet', async () => {
    await api.fresh.database.rows(sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_wallet_not_negative`);
    await api.fresh.database.rows(sql`UPDATE ledger_accounts SET balance_cents = -1 WHERE user_id = ${bob.id}`);
    const { code, lines } = await audit(api, 'ledger');
    expect(code).toBe(1);
    const [account] = await api.fresh.database.rows<{ id: string }>(sql`SELECT id FROM ledger_accounts WHERE user_id = ${bob.id}`);
    expect(lines).toContain(`BREACH: account ${account!.id} caches -1 but its postings sum to 1250`);
    expect(lines).toContain(`BREACH: wallet ${account!.id} is negative: -1`);
    await api.fresh.database.rows(sql`UPDATE ledger_accounts SET balance_cents = 1250 WHERE user_id = ${bob.id}`);
    expect((await audit(api, 'ledger')).code).toBe(0);
  });

  it('names a quarter-hour total of the money summary that drifted from the ledger (wallet_totals)', async () => {
    const [row] = await api.fresh.database.rows<{ quarter: number }>(
      sql`UPDATE wallet_totals SET money_in = money_in + 1 WHERE id = (SELECT min(id) FROM wallet_totals WHERE user_id = ${bob.id} AND money_in > 0) RETURNING quarter`,
    );
    const { code, lines } = await audit(api, 'ledger');
    expect(code).toBe(1);
    const at = new Date(Number(row!.quarter) * 900_000).toISOString();
    expect(lines).toContain(`BREACH: wallet totals of ${bob.id} for the quarter hour from ${at}: money_in 1251 kept, 1250 in the ledger`);
    await api.fresh.database.rows(sql`UPDATE wallet_totals SET money_in = money_in - 1 WHERE user_id = ${bob.id} AND quarter = ${row!.quarter} AND money_in > 0`);
    expect((await audit(api, 'ledger')).code).toBe(0);
  });

  it('names a status changed without its trail event, in the ledger check and in the payment’s audit', async () => {
    await api.fresh.database.rows(sql`UPDATE payments SET status = 'complete' WHERE id = ${cancelled}`);
    const ledger = await audit(api, 'ledger');
    expect(ledger.code).toBe(1);
    expect(ledger.lines).toContain(`BREACH: payment ${cancelled} is complete but its last trail event leads to cancelled`);
    const payment = await audit(api, 'payment', cancelled);
    expect(payment.code).toBe(1);
    expect(payment.lines).toContain('BREACH: the payment is complete but its trail ends in cancelled');
  });

  it('names an entry that does not balance (its check trigger switched off to plant it)', async () => {
    const [entry] = await api.fresh.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE postings DISABLE TRIGGER postings_balanced`);
      const inserted = (await tx.execute(
        sql`INSERT INTO journal_entries (kind, payment_id, created_at) VALUES ('transfer', ${sent}, now()) RETURNING id`,
      )) as unknown as { rows: { id: string }[] };
      await tx.execute(sql`INSERT INTO postings (entry_id, account_id, amount_cents)
        SELECT ${inserted.rows[0]!.id}, id, 1 FROM ledger_accounts WHERE kind = 'fee_revenue'`);
      await tx.execute(sql`ALTER TABLE postings ENABLE TRIGGER postings_balanced`);
      return inserted.rows;
    });
    const payment = await audit(api, 'payment', sent);
    expect(payment.code).toBe(1);
    expect(payment.lines).toContain(`BREACH: entry ${entry!.id} (transfer) has 1 posting`);
    expect(payment.lines).toContain(`BREACH: entry ${entry!.id} (transfer) sums to 1, not 0`);
    expect(payment.lines.some((l) => l.startsWith('  ✗ #' + entry!.id + ' transfer'))).toBe(true);
    const ledger = await audit(api, 'ledger');
    expect(ledger.lines).toContain(`BREACH: entry ${entry!.id} sums to 1`);
    expect(ledger.lines).toContain('BREACH: all postings sum to 1');
  });
});

/** The command as its own process, reading DATA_DIR (PGlite on disk) or DATABASE_URL exactly as the server does. */
describe('npm run audit as a process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'flow-atlas-audit-'));
  const onDisk: DatabaseKind = {
    name: 'pglite',
    async open() {
      const database = await openDatabase({ dataDir });
      await migrate(database);
      return { database, dispose: () => database.close() };
    },
  };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function paymentOn(kind: DatabaseKind) {
    const api = await startApi(kind);
    const client = paymentsClient(api);
    const alice = await createUser(api.fresh.database, api.clock.now());
    const bob = await createUser(api.fresh.database, api.clock.now());
    await fundWallet(api.fresh.database, alice.id, 10_00, api.clock.now());
    const id: string = (await client.send(alice, { receiverUserId: bob.id, amount: '3.00', paymentMethodId: 'balance', message: 'tea' })).json().data[0].payment_id;
    return { api, id };
  }

  it('on PGlite in DATA_DIR: passes a sound payment, then exits 1 naming a status changed behind the trail’s back', async () => {
    const { api, id } = await paymentOn(onDisk);
    await api.close(); // PGlite's directory is one process's at a time
    const sound = await auditProcess(['payment', id], { DATA_DIR: dataDir });
    expect(sound.out).toContain('OK: the trail is a path the payment-lifecycle machine allows');
    expect(sound.code).toBe(0);
    const database = await openDatabase({ dataDir });
    await database.rows(sql`UPDATE payments SET status = 'failed' WHERE id = ${id}`);
    await database.close();
    const broken = await auditProcess(['ledger'], { DATA_DIR: dataDir });
    expect(broken.out).toContain(`BREACH: payment ${id} is failed but its last trail event leads to complete`);
    expect(broken.code).toBe(1);
  }, 60_000);

  const postgres = databaseKinds().find((k) => k.name === 'postgres');
  it.runIf(postgres)('on PostgreSQL at DATABASE_URL: passes, then exits 1 naming a drifted balance', async () => {
    const { api, id } = await paymentOn(postgres!);
    try {
      const url = api.fresh.url!;
      expect((await auditProcess(['payment', id], { DATABASE_URL: url })).code).toBe(0);
      await api.fresh.database.rows(sql`UPDATE ledger_accounts SET balance_cents = balance_cents + 5 WHERE kind = 'fee_revenue'`);
      const broken = await auditProcess(['ledger'], { DATABASE_URL: url });
      expect(broken.out).toMatch(/BREACH: account \d+ caches 5 but its postings sum to 0/);
      expect(broken.code).toBe(1);
    } finally {
      await api.close();
    }
  }, 60_000);
});

describe('the trail check', () => {
  const payment = { status: 'complete', senderUserId: 's', receiverUserId: 'r' };
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
  const step = (from: string | null, to: string, event: string, actorUserId: string | null, minute = 0) => ({ occurredAt: at(minute), actorUserId, from, to, event, reason: null });

  it('accepts a path the lifecycle machine allows, each event by the role that may send it', () => {
    const { trail, problems } = checkTrail(payment, [step(null, 'created', 'CREATE', 's'), step('created', 'awaiting', 'AUTHORISE_CARD', 's'), step('awaiting', 'complete', 'CAPTURED', null)]);
    expect(problems).toEqual([]);
    expect(trail.map((t) => t.role)).toEqual(['sender', 'sender', 'system']);
  });

  it('refuses an event from the wrong party, a skipped status and a trail not starting at created', () => {
    expect(checkTrail(payment, [step(null, 'created', 'CREATE', 's'), step('created', 'complete', 'PAY_FROM_BALANCE', 'r')]).problems).toEqual([
      'step 2 (created -PAY_FROM_BALANCE-> complete): the lifecycle machine does not allow PAY_FROM_BALANCE by the receiver from created',
    ]);
    expect(checkTrail(payment, [step(null, 'created', 'CREATE', 's'), step('requested', 'complete', 'PAY', 's')]).problems[0]).toBe(
      'step 2 (requested -PAY-> complete): starts from requested but the step before reached created',
    );
    expect(checkTrail(payment, [step('created', 'complete', 'PAY_FROM_BALANCE', 's')]).problems[0]).toBe(
      'step 1 (created -PAY_FROM_BALANCE-> complete): a trail starts with CREATE into created',
    );
  });

  it('refuses a second reminder within 24 hours, measured between the trail’s own times', () => {
    const requested = { ...payment, status: 'requested' };
    const base = [step(null, 'created', 'CREATE', 'r'), step('created', 'requested', 'REQUEST', 'r'), step('requested', 'requested', 'REMIND', 'r', 1)];
    expect(checkTrail(requested, base).problems).toEqual([]);
    expect(checkTrail(requested, [...base, step('requested', 'requested', 'REMIND', 'r', 30)]).problems).toEqual([
      'step 4 (requested -REMIND-> requested): the lifecycle machine does not allow REMIND by the receiver from requested',
    ]);
  });

  it('refuses an actor who is neither party, and an empty trail', () => {
    expect(checkTrail(payment, [step(null, 'created', 'CREATE', 's'), step('created', 'complete', 'PAY_FROM_BALANCE', 'x')]).problems[0]).toMatch(/the actor x is neither/);
    expect(checkTrail(payment, []).problems).toEqual(['the payment has no trail']);
  });
});
