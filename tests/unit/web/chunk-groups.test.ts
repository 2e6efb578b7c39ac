import { describe, expect, it } from 'vitest';
import { chunkGroupOf, type GraphLike } from '../../../scripts/build/chunk-groups';

/**
 * The chunk groups (scripts/build/chunk-groups.ts) on a small graph shaped like the app's: the entry, the signed-in
 * route table with a page and a route's prefetch chunk, the app shell, a public page. What travels where decides how
 * many files and bytes a first view waits for, so the rules are held here as well as by the byte budgets.
 */
const ROOT = '/app/src';
const graph = (edges: Record<string, { imports?: string[]; lazy?: string[]; entry?: boolean }>): GraphLike => {
  const importers = new Map<string, string[]>();
  const dynamicImporters = new Map<string, string[]>();
  for (const [id, { imports = [], lazy = [] }] of Object.entries(edges)) {
    for (const to of imports) importers.set(to, [...(importers.get(to) ?? []), id]);
    for (const to of lazy) dynamicImporters.set(to, [...(dynamicImporters.get(to) ?? []), id]);
  }
  return {
    getModuleInfo: (id) =>
      id in edges ? { isEntry: edges[id]!.entry === true, importers: importers.get(id) ?? [], dynamicImporters: dynamicImporters.get(id) ?? [] } : null,
  };
};

const m = {
  main: `${ROOT}/main.tsx`,
  table: `${ROOT}/app/router/signed-in-routes.ts`,
  pagesTable: `${ROOT}/app/router/signed-in-pages.ts`,
  shell: `${ROOT}/layouts/app-shell/app-shell.tsx`,
  home: `${ROOT}/features/home/home-page.tsx`,
  activity: `${ROOT}/features/transactions/transactions-page.tsx`,
  homeData: `${ROOT}/features/home/home-data.ts`,
  calls: `${ROOT}/features/transactions/activity-calls.ts`,
  row: `${ROOT}/features/transactions/transaction-row.tsx`,
  dialog: `${ROOT}/ui/confirm-dialog.tsx`,
};

const app = graph({
  [m.main]: { entry: true, lazy: [m.table] },
  [m.table]: { lazy: [m.homeData], imports: [m.pagesTable] },
  [m.pagesTable]: { lazy: [m.home, m.activity, m.shell] },
  [m.shell]: { imports: [m.dialog] },
  [m.home]: { imports: [m.homeData, m.row, m.dialog] },
  [m.activity]: { imports: [m.calls, m.row] },
  [m.homeData]: { imports: [m.calls] },
  [m.calls]: {},
  [m.row]: {},
  [m.dialog]: {},
});

describe('chunk groups', () => {
  it('puts what a route’s prefetch shares with pages in app-data, apart from the shell’s and the pages’ components', () => {
    expect(chunkGroupOf(m.calls, app)).toBe('app-data');
    expect(chunkGroupOf(m.dialog, app)).toBe('app-frame');
    expect(chunkGroupOf(m.row, app)).toBe('app-transactions');
  });

  it('leaves a lazy chunk’s own module and the entry’s to the bundler', () => {
    expect(chunkGroupOf(m.homeData, app)).toBeNull();
    expect(chunkGroupOf(m.home, app)).toBeNull();
    expect(chunkGroupOf(m.main, app)).toBeNull();
  });
});

describe('chunk groups beside the flow explorer', () => {
  // The explorer's page and two catalogue entries it loads one at a time (machines/*.catalogue.ts), sharing two
  // machines with the home page and one with both pages.
  const flows = {
    page: `${ROOT}/features/flows/flows-page.tsx`,
    index: '/app/machines/flow-catalogue.ts',
    homeEntry: '/app/machines/home-activity.catalogue.ts',
    listEntry: '/app/machines/transaction-list.catalogue.ts',
    homeMachine: '/app/machines/home-activity.machine.ts',
    listMachine: '/app/machines/transaction-list.machine.ts',
    samples: '/app/machines/activity/samples.ts',
    onlyTool: '/app/machines/catalogue-samples.ts',
  };
  const withExplorer = graph({
    [m.main]: { entry: true, lazy: [m.table, flows.page] },
    [m.table]: { imports: [m.pagesTable] },
    [m.pagesTable]: { lazy: [m.home, m.activity] },
    [m.home]: { imports: [flows.homeMachine, flows.samples] },
    [m.activity]: { imports: [flows.listMachine] },
    [flows.page]: { imports: [flows.index] },
    [flows.index]: { lazy: [flows.homeEntry, flows.listEntry] },
    [flows.homeEntry]: { imports: [flows.homeMachine, flows.samples, flows.onlyTool] },
    [flows.listEntry]: { imports: [flows.listMachine, flows.samples, flows.onlyTool] },
    [flows.homeMachine]: {},
    [flows.listMachine]: {},
    [flows.samples]: {},
    [flows.onlyTool]: {},
  });

  it('groups what pages share with the explorer by the pages that use it, not by each catalogue entry that does', () => {
    // Used by the home page and by either entry: one chunk for the home page's share, whichever entries use it.
    expect(chunkGroupOf(flows.homeMachine, withExplorer)).toMatch(/^shared-/);
    expect(chunkGroupOf(flows.samples, withExplorer)).toBe(chunkGroupOf(flows.homeMachine, withExplorer));
    // Another page's share is another chunk.
    expect(chunkGroupOf(flows.listMachine, withExplorer)).toMatch(/^shared-/);
    expect(chunkGroupOf(flows.listMachine, withExplorer)).not.toBe(chunkGroupOf(flows.homeMachine, withExplorer));
    // What only the explorer's pieces use is the bundler's to split.
    expect(chunkGroupOf(flows.onlyTool, withExplorer)).toBeNull();
  });
});
