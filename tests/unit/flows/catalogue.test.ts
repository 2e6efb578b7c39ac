import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { catalogueEntries } from '../../../machines/catalogue';
import { FLOW_NAMES } from '../../../machines/flow-catalogue';
import { contractOperations } from '../../../scripts/flows/api-links';
import { exportedMachines } from '../../../scripts/flows/machine-files';

const entries = catalogueEntries();
const operations = contractOperations('.');

describe('machine catalogue (machines/flow-catalogue.ts and machines/*.catalogue.ts)', () => {
  it('lists every machine that machines/*.machine.ts exports', async () => {
    const catalogued = new Set(entries.map(([, e]) => e.machine));
    const missing = (await exportedMachines('.')).filter(({ machine }) => !catalogued.has(machine));
    expect(
      missing.map(({ file, exportName }) => `${file} exports ${exportName}: catalogue it in machines/<name>.catalogue.ts`),
      'every machine must be catalogued (how: the header of machines/flow-catalogue.ts)',
    ).toEqual([]);
  });

  it('lists only machines exported from machines/*.machine.ts, each once', async () => {
    const exported = new Set((await exportedMachines('.')).map(({ machine }) => machine));
    expect(entries.filter(([, e]) => !exported.has(e.machine)).map(([name]) => name)).toEqual([]);
    // Coverage reports name machines by id: two entries with one id could not be told apart.
    const ids = entries.map(([, e]) => e.machine.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('lists every machines/<name>.catalogue.ts once, in name order, under the name of its file', () => {
    const files = readdirSync('machines').filter((f) => f.endsWith('.catalogue.ts')).map((f) => f.replace(/\.catalogue\.ts$/, '')).sort();
    expect([...FLOW_NAMES].sort(), 'machines/flow-catalogue.ts lists one entry per catalogue file').toEqual(files);
    expect(FLOW_NAMES).toEqual([...FLOW_NAMES].sort());
  });

  it.each(entries)('%s: a file-safe name, a one-line purpose and a model test', (name, entry) => {
    expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(entry.purpose.trim()).not.toBe('');
    expect(entry.purpose).not.toContain('\n');
    expect(existsSync(`tests/model/${name}.model.test.ts`), `tests/model/${name}.model.test.ts is missing`).toBe(true);
  });

  // The atlas links machine → view → operation → handler → tests; a renamed file or operation must fail here, not
  // leave a dead link in docs/flows.
  it.each(entries)('%s: its views, operations and tests exist', (name, entry) => {
    for (const view of entry.views) {
      expect(view, `${name}: a view is a component under src/`).toMatch(/^src\/.+\.tsx?$/);
      expect(existsSync(view), `${name}: view ${view} does not exist`).toBe(true);
    }
    for (const test of entry.tests) {
      expect(test, `${name}: a test file under tests/ (the model test is implied)`).toMatch(/^tests\/(unit|api|e2e)\/.+\.(test|spec)\.ts$/);
      expect(existsSync(test), `${name}: test ${test} does not exist`).toBe(true);
    }
    expect(new Set(entry.views).size, `${name}: a view named twice`).toBe(entry.views.length);
    expect(new Set(entry.tests).size, `${name}: a test named twice`).toBe(entry.tests.length);
    const actors = Object.keys(entry.machine.implementations.actors);
    for (const [actor, ids] of Object.entries(entry.operations)) {
      expect(actors, `${name}: operations are listed per invoked actor; ${actor} is none of the machine's`).toContain(actor);
      expect(ids?.length, `${name}: ${actor} lists no operation (leave it out instead)`).toBeGreaterThan(0);
      for (const id of ids ?? []) expect(operations.has(id), `${name}: ${actor} calls ${id}, which openapi/openapi.yaml does not define`).toBe(true);
    }
  });

  it.each(entries)('%s: runs on its own with its fakes, from every input', (_name, entry) => {
    for (const input of Object.values(entry.inputs ?? { none: undefined })) {
      const actor = createActor(entry.fake(), { input }).start();
      expect(actor.getSnapshot().status, JSON.stringify(input)).not.toBe('error');
      actor.stop();
    }
  });
});
