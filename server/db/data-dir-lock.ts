import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite does not lock its directory, and two processes on one directory corrupt it. We take a lock file
 * holding our pid; a second process fails fast with a clear message. A lock left by a killed process is stale
 * (its pid is gone) and is taken over.
 */
export interface DataDirLock {
  release(): void;
}

export class DataDirInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'tipjar.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by another Tipjar process (pid ${holder}). PGlite allows one process per directory: stop that process, choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      if (holder === process.pid) {
        throw new DataDirInUseError(`DATA_DIR ${dataDir} is already open in this process.`);
      }
      unlinkSync(file);
    }
  }
  throw new DataDirInUseError(`Could not lock DATA_DIR ${dataDir}.`);
}
