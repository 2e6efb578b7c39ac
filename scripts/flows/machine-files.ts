import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';

export interface ExportedMachine {
  /** Relative to the project root, with forward slashes: `machines/session.machine.ts`. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

/**
 * Every machine that a `machines/*.machine.ts` file exports, found by importing the files (not by a naming
 * convention), so a second machine in a file — a child actor, say — is found too. Sorted by file, then export.
 */
export async function exportedMachines(root: string): Promise<ExportedMachine[]> {
  const dir = join(root, 'machines');
  const found: ExportedMachine[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.machine.ts')).sort()) {
    const module = (await import(pathToFileURL(join(dir, name)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (value instanceof StateMachine) found.push({ file: relative(root, join(dir, name)).split('\\').join('/'), exportName, machine: value });
    }
  }
  return found;
}
