import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScreenFileName, variantOf, type ScreensIndex } from '../../machines/graph/flow-screens';

/** Where the atlas keeps the screens (issue 27 item 5), with their index. */
export const SCREENS_DIR = join('docs', 'flows', 'screens');
export const SCREENS_INDEX = 'index.json';

/** `<dir>/<machine>/<file>.webp`, the captures of a run or of the atlas; an empty file is a capture that failed. */
function captures(dir: string): Array<{ machine: string; file: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap(({ name: machine }) =>
      readdirSync(join(dir, machine))
        .filter((file) => parseScreenFileName(file) !== null && statSync(join(dir, machine, file)).size > 0)
        .map((file) => ({ machine, file })),
    );
}

/** The index of what `dir` holds, sorted throughout, so the same captures give the same bytes. */
export function screensIndex(dir: string): ScreensIndex {
  const index: ScreensIndex = {};
  for (const { machine, file } of captures(dir).sort((a, b) => (`${a.machine}/${a.file}` < `${b.machine}/${b.file}` ? -1 : 1))) {
    const { state, width, language } = parseScreenFileName(file)!;
    ((index[machine] ??= {})[state] ??= []).push(variantOf(width, language));
  }
  for (const states of Object.values(index)) for (const variants of Object.values(states)) variants.sort();
  return index;
}

/**
 * After a browser run: its captures (tests/e2e/paths/screens.ts, in `runDir`) into the atlas's `atlasDir`. A run
 * of every spec file replaces the atlas's screens, so none outlives its state; a run of a few adds or replaces the
 * ones it took. Returns how many it filed.
 */
export function fileRunScreens(runDir: string, atlasDir: string, fullRun: boolean): number {
  const taken = captures(runDir);
  if (taken.length > 0) {
    if (fullRun) rmSync(atlasDir, { recursive: true, force: true });
    for (const { machine, file } of taken) {
      mkdirSync(join(atlasDir, machine), { recursive: true });
      copyFileSync(join(runDir, machine, file), join(atlasDir, machine, file));
    }
    writeFileSync(join(atlasDir, SCREENS_INDEX), `${JSON.stringify(screensIndex(atlasDir), null, 2)}\n`);
  }
  rmSync(runDir, { recursive: true, force: true });
  return taken.length;
}
