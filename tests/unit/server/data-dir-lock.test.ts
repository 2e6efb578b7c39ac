import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireDataDirLock, DataDirInUseError } from '../../../server/db/data-dir-lock';

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'tipjar-lock-'));
  dirs.push(d);
  return d;
};

describe('PGlite data directory lock', () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => children.forEach((c) => c.kill()));

  it('refuses a directory held by a live process, naming it', () => {
    const dir = fresh();
    const holder = spawn('sleep', ['30']);
    children.push(holder);
    writeFileSync(join(dir, 'tipjar.lock'), String(holder.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${holder.pid}`));
  });

  it('takes over a lock left by a dead process, and releases it', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'tipjar.lock'), '999999999');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'tipjar.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, 'tipjar.lock'))).toBe(false);
  });

  it('refuses a second open in the same process', () => {
    const dir = fresh();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(/already open in this process/);
    lock.release();
  });
});
