import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, waitForServer } from '../support/server-process';

describe('the server process on PGlite', () => {
  const running: ChildProcess[] = [];
  afterEach(() => running.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

  // Three processes start in turn (each compiling TypeScript through tsx and migrating PGlite): ≈ 22 s alone on
  // this 2-core machine, more while the other suites share the CPU (one start took over 30 s at load 22), so it gets
  // more than the 30 s default, and each start the 90 s of waitForServer.
  it('creates and migrates DATA_DIR on first start; a second process on it fails fast; after kill -9 it starts again', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tipjar-proc-'));
    const first = await startServerProcess({ DATA_DIR: dataDir });
    running.push(first.child);
    expect(await waitForServer(first.port)).toEqual({ version: '1.0.2' });
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    // Development mode says so once, naming its tools (server/dev-tools-notice.ts), whatever LOG_LEVEL hides.
    expect(first.output().match(/DEVELOPMENT MODE — not for production: development tools are on \(outbox .*\/api\/dev\/outbox.*test clock.*sandbox USDT transfers.*listening on 127\.0\.0\.1:/g)).toHaveLength(1);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    running.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another Tipjar process (pid ${first.child.pid})`);
    // The first one is unharmed.
    expect(await waitForServer(first.port)).toEqual({ version: '1.0.2' });

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await startServerProcess({ DATA_DIR: dataDir });
    running.push(third.child);
    expect(await waitForServer(third.port)).toEqual({ version: '1.0.2' });
  });

  it('refuses a bad setting with one line naming it', async () => {
    const bad = await startServerProcess({ DATABASE_URL: 'mysql://nope' });
    running.push(bad.child);
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim().split('\n').filter((l) => !l.includes('[:'))).toEqual([
      expect.stringContaining('Invalid configuration: DATABASE_URL'),
    ]);
  });
});
