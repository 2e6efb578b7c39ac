import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { walletClient } from '../support/wallet-client';
import { auditLedger } from '../../server/ledger/audit';
import { SANDBOX_USDT_BLOCK_MS, USDT_REQUIRED_CONFIRMATIONS } from '../../server/providers/sandbox/usdt';

const run = promisify(execFile);

/** `npm run sandbox -- usdt <user> <amount>` (scripts/sandbox.mjs) against a running server, as a developer uses it. */
async function sandbox(base: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/sandbox.mjs', ...args], { env: { ...process.env, SANDBOX_URL: base } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.each(databaseKinds())('npm run sandbox -- usdt on $name', (kind) => {
  let api: ApiHarness;
  let base: string;
  let ann: TestUser;

  beforeAll(async () => {
    api = await startApi(kind);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    ann = await createUser(api.fresh.database, api.clock.now());
  });
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  it('sends a transfer to the user’s deposit address; the deposit settles by the jobs and reaches the wallet', async () => {
    const wallet = walletClient(api);
    const out = await sandbox(base, 'usdt', `${ann.username}@example.com`, '12.34');
    expect(out.code, out.stderr).toBe(0);
    const address = (await wallet.usdtAddress(ann)).json().address;
    expect(out.stdout).toContain(`USDT 12.34 sent to ${address}`);
    const depositId = /deposit ([0-9a-f-]{36}): created/.exec(out.stdout)?.[1];
    expect(depositId, out.stdout).toBeDefined();
    api.clock.setOffset(api.clock.offset + SANDBOX_USDT_BLOCK_MS * (USDT_REQUIRED_CONFIRMATIONS + 1));
    await paymentsClient(api).refresh(ann);
    await wallet.jobs(); // the first confirmation: processing
    await wallet.jobs(); // all twenty: complete
    expect((await wallet.deposit(ann, depositId!)).json().data[0]).toMatchObject({ status: 'complete', amount: '12.34' });
    expect((await wallet.balance(ann)).available).toBe('12.34');
  });

  it('refuses a bad amount or command before calling; an unknown user is the server’s 404; no server → a clear error', async () => {
    for (const args of [['usdt', ann.id, '12.345'], ['usdt', ann.id], ['btc', ann.id, '1.00']]) {
      const out = await sandbox(base, ...args);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toContain('usage: npm run sandbox -- usdt');
    }
    const unknown = await sandbox(base, 'usdt', 'nobody@example.com', '1.00');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^404 /);
    const down = await sandbox('http://127.0.0.1:9', 'usdt', ann.id, '1.00');
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('Could not reach the server at http://127.0.0.1:9');
  });
});
