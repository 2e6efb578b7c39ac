import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { catalogueEntries } from '../../../machines/catalogue';
import { exportedMachines } from '../../../scripts/flows/machine-files';

const entries = catalogueEntries();

describe('machine catalogue (machines/catalogue.ts)', () => {
  it('lists every machine that machines/*.machine.ts exports', async () => {
    const catalogued = new Set(entries.map(([, e]) => e.machine));
    const missing = (await exportedMachines('.')).filter(({ machine }) => !catalogued.has(machine));
    expect(
      missing.map(({ file, exportName }) => `${file} exports ${exportName}: add it to machines/catalogue.ts`),
      'every machine must be catalogued (how: the header of machines/catalogue.ts)',
    ).toEqual([]);
  });

  it('lists only machines exported from machines/*.machine.ts, each once', async () => {
    const exported = new Set((await exportedMachines('.')).map(({ machine }) => machine));
    expect(entries.filter(([, e]) => !exported.has(e.machine)).map(([name]) => name)).toEqual([]);
    // Coverage reports name machines by id: two entries with one id could not be told apart.
    const ids = entries.map(([, e]) => e.machine.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it.each(entries)('%s: a file-safe name, a one-line purpose and a model test', (name, entry) => {
    expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(entry.purpose.trim()).not.toBe('');
    expect(entry.purpose).not.toContain('\n');
    expect(existsSync(`tests/model/${name}.model.test.ts`), `tests/model/${name}.model.test.ts is missing`).toBe(true);
  });

  it.each(entries)('%s: runs on its own with its fakes, from every input', (_name, entry) => {
    for (const input of Object.values(entry.inputs ?? { none: undefined })) {
      const actor = createActor(entry.fake(), { input }).start();
      expect(actor.getSnapshot().status, JSON.stringify(input)).not.toBe('error');
      actor.stop();
    }
  });
});
