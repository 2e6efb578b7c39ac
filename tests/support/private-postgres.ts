import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/**
 * A PostgreSQL server of our own (initdb in a temp directory, its own port), for tests that stop and start the
 * database: the shared server at TEST_DATABASE_URL belongs to every suite on the machine and must never be stopped.
 */
export interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!existsSync(join(BIN, 'initdb'))) throw new Error(`no PostgreSQL binaries in ${BIN} (set POSTGRES_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), 'reliability-pg-'));
  // initdb refuses to run as root: run the server as the postgres system user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : join(BIN, tool), asRoot ? ['-u', 'postgres', '--', join(BIN, tool), ...args] : args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
