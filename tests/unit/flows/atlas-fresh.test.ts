import { describe, expect, it } from 'vitest';
import { renderProjectAtlas, staleFiles } from '../../../scripts/flows/atlas';

describe('flow atlas (docs/flows)', () => {
  // coverage.md is included: it is generated from the catalogue like the rest (see scripts/flows/coverage.ts).
  it('is what `npm run flows` writes from the machines and the catalogue (run it when this fails)', async () => {
    const stale = staleFiles('.', await renderProjectAtlas('.'));
    // ui-coverage.json is an input too: after a browser run changed it, the atlas's browser columns are stale.
    expect(stale, 'docs/flows is stale: run `npm run flows` and commit docs/flows/ (with ui-coverage.json if a browser run changed it)').toEqual([]);
    // Renders every machine's graph and paths (over 30 machines): about 27 s on a loaded 2-core box.
  }, 120_000);
});
