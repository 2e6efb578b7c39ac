/**
 * The API side of the atlas's links: each operation of the contract (openapi/openapi.yaml) with its method and path,
 * and the server file whose handler answers it. Catalogue entries name operations by operationId; this finds the
 * rest, so a handler moved to another file moves in the docs at the next `npm run flows` (read, never imported:
 * the server need not start for the atlas).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';

export interface OperationLink {
  operationId: string;
  /** `POST` */
  method: string;
  /** `/app/user/login/`, as the contract writes it. */
  path: string;
  /** `server/routes/accounts.ts`: where `operationId: …` or `operationId(…)` is defined; null when none is found. */
  handler: string | null;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** operationId → method and path, from the contract. */
export function contractOperations(root: string): Map<string, Omit<OperationLink, 'handler'>> {
  const doc = parse(readFileSync(join(root, 'openapi', 'openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const found = new Map<string, Omit<OperationLink, 'handler'>>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operationId = item[method]?.operationId;
      if (operationId) found.set(operationId, { operationId, method: method.toUpperCase(), path });
    }
  }
  return found;
}

function typeScriptFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? typeScriptFiles(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : []))
    .sort();
}

/**
 * operationId → the file defining its handler: a key of a handlers object (`login: async (…) =>`, `login(…) {`).
 * server/routes first (where the handlers are registered), then the rest of server/.
 */
function handlerFiles(root: string, operationIds: Iterable<string>): Map<string, string> {
  const routes = typeScriptFiles(join(root, 'server', 'routes'));
  const files = [...routes, ...typeScriptFiles(join(root, 'server')).filter((f) => !routes.includes(f))].map((file) => ({
    file: relative(root, file).split('\\').join('/'),
    text: readFileSync(file, 'utf8'),
  }));
  const found = new Map<string, string>();
  for (const id of operationIds) {
    const definition = new RegExp(`^\\s*(?:async\\s+)?${id}\\s*(?::|\\()`, 'm');
    const hit = files.find(({ text }) => definition.test(text));
    if (hit) found.set(id, hit.file);
  }
  return found;
}

/** Every operation of the contract with its request and handler file. */
export function apiLinks(root: string): Map<string, OperationLink> {
  const operations = contractOperations(root);
  const handlers = handlerFiles(root, operations.keys());
  return new Map([...operations].map(([id, op]) => [id, { ...op, handler: handlers.get(id) ?? null }]));
}
