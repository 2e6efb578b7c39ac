import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root, found by walking up to package.json, so the same code works from `server/*.ts`
 * under vitest and from the bundle in `dist/server/`.
 */
function findRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'openapi'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the Tipjar project root above ${start}`);
    dir = parent;
  }
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const openapiPath = join(projectRoot, 'openapi', 'openapi.yaml');
export const localesDir = join(projectRoot, 'locales');
export const migrationsDir = join(projectRoot, 'server', 'db', 'migrations');
export const webDistDir = join(projectRoot, 'dist', 'web');
export const resolveFromRoot = (p: string) => resolve(projectRoot, p);
