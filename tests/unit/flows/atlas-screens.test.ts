import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { parseScreenFileName, SCREEN_WIDTHS, screenLanguages } from '../../../machines/graph/flow-screens';
import { catalogueEntries } from '../../../machines/catalogue';
import { screensIndex, SCREENS_DIR, SCREENS_INDEX } from '../../../scripts/flows/flow-screens-files';

/**
 * The atlas's screens as committed (docs/flows/screens, issue 27 item 5): each names a catalogued machine and a
 * state that machine has, the index lists exactly the files there are, and they stay small. A full browser run
 * rewrites them (architecture.md, "The flow as screens"); this fails when they were not committed since a machine
 * changed.
 */
const KB = 1024;
/** One capture: a long page at 375 px in WebP is about 30 KB; 120 KB means the compression or the height limit broke. */
const MAX_SCREEN_BYTES = 120 * KB;
/** All of them: what a clone of the repository carries for the atlas. */
const MAX_TOTAL_BYTES = 30 * KB * KB;

const machines = new Map(catalogueEntries().map(([name, entry]) => [name, entry.machine]));

function statePaths(node: AnyStateNode): string[] {
  return Object.values(node.states).flatMap((child) => [child.path.join('.'), ...statePaths(child)]);
}

const machineDirs = existsSync(SCREENS_DIR) ? readdirSync(SCREENS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];

describe('the flow atlas’s screens (docs/flows/screens)', () => {
  it('are there, with their index', () => {
    expect(machineDirs.length, 'no screens: run the browser tests (npm test) and commit docs/flows/screens').toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(SCREENS_DIR, SCREENS_INDEX), 'utf8')), 'index.json lists other screens than there are').toEqual(screensIndex(SCREENS_DIR));
  });

  it('name catalogued machines, states those machines have, and the widths and languages kept for them', () => {
    const strangers: string[] = [];
    for (const name of machineDirs) {
      const machine = machines.get(name);
      if (!machine) {
        strangers.push(`${name}: no such catalogued machine`);
        continue;
      }
      const states = new Set([machine.id, ...statePaths(machine.root)]);
      for (const file of readdirSync(join(SCREENS_DIR, name))) {
        const screen = parseScreenFileName(file);
        if (!screen) strangers.push(`${name}/${file}: not a screen's name`);
        else if (!screen.state.split('+').every((leaf) => states.has(leaf))) strangers.push(`${name}/${file}: ${screen.state} is no longer a state of ${name}`);
        else if (!(SCREEN_WIDTHS as readonly number[]).includes(screen.width) || !screenLanguages(name).includes(screen.language as 'en')) {
          strangers.push(`${name}/${file}: not a width or language kept for ${name}`);
        }
      }
    }
    expect(strangers, 'stale screens: run the browser tests (npm test) and commit docs/flows/screens').toEqual([]);
  });

  it('stay small', () => {
    const sizes = machineDirs.flatMap((name) => readdirSync(join(SCREENS_DIR, name)).map((file) => ({ file: `${name}/${file}`, bytes: statSync(join(SCREENS_DIR, name, file)).size })));
    expect(sizes.filter((s) => s.bytes > MAX_SCREEN_BYTES).map((s) => s.file)).toEqual([]);
    expect(sizes.every((s) => s.bytes > 0)).toBe(true);
    expect(sizes.reduce((sum, s) => sum + s.bytes, 0)).toBeLessThanOrEqual(MAX_TOTAL_BYTES);
  });
});
