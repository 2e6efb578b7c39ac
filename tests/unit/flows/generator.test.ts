import { mkdtempSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, assign, createMachine, fromPromise, not, setup, stateIn } from 'xstate';
import type { CatalogueEntry } from '../../../machines/catalogue-entry';
import { loadFlow } from '../../../machines/flow-catalogue';
import { renderAtlas, staleFiles, writeAtlas } from '../../../scripts/flows/atlas';
import { checkMeasured, coverageMarkdown, type CoverageRow } from '../../../scripts/flows/coverage';
import { toMermaid } from '../../../scripts/flows/mermaid';
import { guardName } from '../../../machines/graph/transitions';
import { atlasModel } from '../../support/catalogue-model';

// A small checkout with each thing the diagram must handle: nested compound states, a targetless transition,
// `always` with a guarded branch and its fallback, an invoke's done and error, a named `after` delay, a
// transition on the machine itself (any state), a final state and a state description.
const checkout = setup({
  types: {
    context: {} as { items: number },
    events: {} as { type: 'ADD' } | { type: 'PAY' } | { type: 'RETRY' } | { type: 'CANCEL' },
  },
  actors: { charge: fromPromise(async () => {}) },
  guards: { hasItems: ({ context }) => context.items > 0 },
  delays: { patience: 30_000 },
  actions: { addItem: assign({ items: ({ context }) => context.items + 1 }), empty: assign({ items: 0 }) },
}).createMachine({
  id: 'checkout',
  context: { items: 0 },
  initial: 'cart',
  states: {
    cart: {
      initial: 'empty',
      states: {
        empty: { on: { ADD: { target: 'filled', actions: 'addItem' } } },
        filled: { on: { ADD: { actions: 'addItem' } } },
      },
      on: { PAY: 'checking' },
    },
    checking: { always: [{ guard: 'hasItems', target: 'paying' }, { target: 'cart' }] },
    paying: {
      initial: 'charging',
      states: {
        charging: { description: 'Waiting for the card provider.', invoke: { src: 'charge', onDone: '#checkout.paid', onError: 'failed' } },
        failed: { on: { RETRY: 'charging' }, after: { patience: '#checkout.cart' } },
      },
    },
    paid: { type: 'final' },
  },
  on: { CANCEL: { target: '.cart', actions: 'empty' } },
});

const checkoutEntry: CatalogueEntry<typeof checkout> = {
  machine: checkout,
  purpose: 'A test fixture.',
  views: ['src/features/shop/checkout-page.tsx'],
  operations: { charge: ['sendPayment'] },
  tests: ['tests/e2e/checkout.spec.ts'],
  fake: () => checkout,
  events: { ADD: { type: 'ADD' }, PAY: { type: 'PAY' }, RETRY: { type: 'RETRY' }, CANCEL: { type: 'CANCEL' } },
  // The item count grows with every ADD: only whether there are items matters to the graph.
  serializeState: (s) => JSON.stringify({ value: s.value, hasItems: s.context.items > 0 }),
};

// NEVER's guard can never pass: `a NEVER#0` cannot be taken and state c cannot be reached.
const gated = setup({ types: { events: {} as { type: 'GO' } | { type: 'NEVER' } }, guards: { never: () => false } }).createMachine({
  id: 'gated',
  initial: 'a',
  states: { a: { on: { GO: 'b', NEVER: { guard: 'never', target: 'c' } } }, b: {}, c: {} },
});
const gatedEntry = (uncovered?: Record<string, string>): CatalogueEntry<typeof gated> => ({
  machine: gated,
  purpose: 'Has a transition no path can take.',
  views: [],
  operations: {},
  tests: [],
  fake: () => gated,
  events: { GO: { type: 'GO' }, NEVER: { type: 'NEVER' } },
  uncovered,
});

describe('mermaid diagram', () => {
  it('draws a compound machine from its graph (see the .mmd file: paste it into any Mermaid viewer)', async () => {
    await expect(toMermaid(checkout)).toMatchFileSnapshot('__snapshots__/checkout.mmd');
  });

  it('draws parallel regions separated by --, each with its initial state', () => {
    const player = createMachine({
      id: 'player',
      type: 'parallel',
      states: {
        sound: { initial: 'on', states: { on: { on: { MUTE: 'off' } }, off: { on: { UNMUTE: 'on' } } } },
        video: { initial: 'playing', states: { playing: { on: { PAUSE: 'paused' } }, paused: {} } },
      },
    });
    expect(toMermaid(player).split('\n')).toEqual(
      expect.arrayContaining(['  state sound {', '    [*] --> sound_on', '  --', '  state video {', '  sound_on --> sound_off: MUTE']),
    );
  });

  it('draws a machine without states as one state, named by its id, with its transitions as loops', () => {
    const queue = createMachine({ id: 'queue', on: { ADD: [{ guard: () => false }, {}], CLEAR: {} } });
    expect(toMermaid(queue)).toBe(
      ['stateDiagram-v2', '  [*] --> queue', '  queue --> queue: ADD [inline guard]<br>ADD [else]<br>CLEAR', ''].join('\n'),
    );
  });

  it('refuses two states that would be drawn as one box', () => {
    const clash = createMachine({ id: 'clash', initial: 'a_b', states: { a_b: { initial: 'c', states: { c: {} } }, a: { initial: 'b_c', states: { b_c: {} } } } });
    expect(() => toMermaid(clash)).toThrow('clash: two states would be drawn as "a_b_c"; rename one');
  });

  it('names higher-order guards by their parts', () => {
    expect(guardName(not('isFull'))).toBe('not(isFull)');
    expect(guardName(and(['a', not('b')]))).toBe('and(a, not(b))');
    expect(guardName(stateIn('paying'))).toBe('stateIn("paying")');
    expect(guardName({ type: 'withinLimit', params: { max: 5 } })).toBe('withinLimit');
  });
});

describe('machine page', () => {
  it('lists the paths the model test replays, by the same titles', async () => {
    const files = await renderAtlas([['checkout', checkoutEntry]], new Map());
    const page = files.get('checkout.md')!;
    const titles = atlasModel(checkoutEntry).paths.map((p) => p.title);
    expect(titles.length).toBeGreaterThan(5);
    for (const title of titles) expect(page).toContain(`**${title}**`);
    expect(page).toContain(
      '**[default] ADD → PAY → charge:error → after:patience → PAY**: start as *default* in `cart.empty`; ADD → `cart.filled`; ' +
        'PAY → `paying.charging`; charge:error → `paying.failed`; after:patience → `cart.empty`; PAY → `paying.charging`.',
    );
    expect(page).toContain('**[default] PAY**: start as *default* in `cart.empty`; PAY → `cart.empty`.'); // always [else]
    expect(page).toContain('| `paying.charging` | atomic, initial | `charge` | Waiting for the card provider. |');
    expect(page).toContain('| `checking` | atomic, transient |  |  |');
    expect(page).toContain('| `hasItems` | `checking always#0` |');
    expect(page).toContain('| `(machine) CANCEL#0` | CANCEL | `cart` | empty |');
  });

  it('links the machine to its views, each operation its actors call with the request and handler, and its tests', async () => {
    const api = new Map([['sendPayment', { operationId: 'sendPayment', method: 'POST', path: '/app/user/{userId}/payment/send/', handler: 'server/routes/payments.ts' }]]);
    const page = (await renderAtlas([['checkout', checkoutEntry]], new Map(), api)).get('checkout.md')!;
    expect(page).toContain('Views: [`src/features/shop/checkout-page.tsx`](../../src/features/shop/checkout-page.tsx)');
    expect(page).toContain('| `charge` | `sendPayment` | `POST /app/user/{userId}/payment/send/` | [`server/routes/payments.ts`](../../server/routes/payments.ts) |');
    expect(page).toContain(
      'Tests: [`tests/model/checkout.model.test.ts`](../../tests/model/checkout.model.test.ts), [`tests/e2e/checkout.spec.ts`](../../tests/e2e/checkout.spec.ts).',
    );
    const gatedPage = (await renderAtlas([['gated', gatedEntry()]], new Map())).get('gated.md')!;
    expect(gatedPage).toContain('Views: none (the server runs this machine; no screen renders it).');
    expect(gatedPage).toContain('Operations: none (no actor of this machine calls the API).');
  });

  it('lists every operation with its handler and the flows that call it, in operations.md', async () => {
    const api = new Map([
      ['sendPayment', { operationId: 'sendPayment', method: 'POST', path: '/app/user/{userId}/payment/send/', handler: 'server/routes/payments.ts' }],
      ['getLiveness', { operationId: 'getLiveness', method: 'GET', path: '/health/live', handler: null }],
    ]);
    const doc = (await renderAtlas([['checkout', checkoutEntry], ['gated', gatedEntry()]], new Map(), api)).get('operations.md')!;
    expect(doc).toContain('| `sendPayment` | `POST /app/user/{userId}/payment/send/` | [`server/routes/payments.ts`](../../server/routes/payments.ts) | [checkout](checkout.md) (`charge`) |');
    expect(doc).toContain('| `getLiveness` | `GET /health/live` | not found | — |');
    expect(doc).toContain('1 of 2 operations are called by a flow\'s actors');
  });

  it('is the same text every time', async () => {
    const render = async () => [...(await renderAtlas([['checkout', checkoutEntry], ['gated', gatedEntry()]], new Map()))];
    expect(await render()).toEqual(await render());
  });
});

describe('coverage counting', () => {
  it('reports a machine with an unreachable transition below 100%, naming it and the missing reason', async () => {
    const files = await renderAtlas([['gated', gatedEntry()]], new Map());
    expect(files.get('coverage.md')).toContain('| [gated](gated.md) | 1 | 2/3 | 1/2 (50%) | `a NEVER#0`: NO REASON GIVEN<br>state `c` not reached |');
    expect(files.get('README.md')).toContain('| Has a transition no path can take. |  | 3 | 1/2 (50%) | 0/2 (0%) |');
  });

  it('shows the reason when the entry gives one', async () => {
    const files = await renderAtlas([['gated', gatedEntry({ 'a NEVER#0': 'the never guard is a placeholder' })]], new Map());
    expect(files.get('coverage.md')).toContain('1/2 (50%) | `a NEVER#0`: the never guard is a placeholder<br>state `c` not reached |');
  });

  it('gives the explorer one file per machine: both coverages, each transition with its reason and its browser tests', async () => {
    const ui = { gated: { 'a GO#0': ['tests/e2e/go.spec.ts › goes', 'tests/e2e/about.spec.ts › also goes'] } };
    const files = await renderAtlas([['gated', gatedEntry({ 'a NEVER#0': 'placeholder' })]], new Map(), new Map(), ui);
    expect(JSON.parse(files.get('coverage/gated.json')!)).toEqual({
      model: { taken: 1, total: 2 },
      browser: { taken: 1, total: 2 },
      transitions: [
        { id: 'a GO#0', model: true, reason: null, tests: ['tests/e2e/about.spec.ts › also goes', 'tests/e2e/go.spec.ts › goes'] },
        { id: 'a NEVER#0', model: false, reason: 'placeholder', tests: [] },
      ],
    });
    const unexplained = await renderAtlas([['gated', gatedEntry()]], new Map());
    expect(JSON.parse(unexplained.get('coverage/gated.json')!).transitions[1]).toEqual({ id: 'a NEVER#0', model: false, reason: null, tests: [] });
    expect(JSON.parse(unexplained.get('coverage/gated.json')!).browser).toEqual({ taken: 0, total: 2 });
  });

  it('counts a fully covered machine at 100%', async () => {
    const files = await renderAtlas([['checkout', checkoutEntry]], new Map());
    expect(files.get('coverage.md')).toMatch(/\| \[checkout\]\(checkout\.md\) \| \d+ \| 8\/8 \| 10\/10 \(100%\) \| — \|/);
  });
});

describe('browser coverage in the atlas', () => {
  const ui = {
    gated: { 'a GO#0': ['tests/e2e/d.spec.ts › four', 'tests/e2e/c.spec.ts › three', 'tests/e2e/b.spec.ts › two', 'tests/e2e/a.spec.ts › one'] },
    checkout: { 'cart.empty ADD#0': ['tests/e2e/shop.spec.ts › adds'], 'cart PAY#0': ['tests/e2e/shop.spec.ts › adds'] },
  };
  const entries: Array<[string, CatalogueEntry]> = [['checkout', checkoutEntry], ['gated', gatedEntry({ 'a NEVER#0': 'placeholder' })]];

  it('shows both percentages per machine in the index, and their sums', async () => {
    const readme = (await renderAtlas(entries, new Map(), new Map(), ui)).get('README.md')!;
    expect(readme).toContain('| Machine | Purpose | Operations | States | Model tests | Browser tests |');
    expect(readme).toContain('| A test fixture. | `sendPayment` | 8 | 10/10 (100%) | 2/10 (20%) |');
    expect(readme).toContain('| Has a transition no path can take. |  | 3 | 1/2 (50%) | 1/2 (50%) |');
    expect(readme).toContain('Model tests, all 2 machines: 11/12 (91%) of their transitions. Browser tests, the 2 machines counted (the user-facing ones and the payment lifecycle): 3/12 (25%).');
  });

  it('lists per transition the model tests’ verdict and the browser tests that took it, three by name', async () => {
    const page = (await renderAtlas(entries, new Map(), new Map(), ui)).get('gated.md')!;
    expect(page).toContain('Model tests (vitest, fake actors): 1/2 (50%). Browser tests (Chromium against the real server, [ui-coverage.json](ui-coverage.json)): 1/2 (50%).');
    expect(page).toContain('| Transition | Model tests | Browser tests |');
    expect(page).toContain(
      '| `a GO#0` | taken | 4: [`a.spec.ts`](../../tests/e2e/a.spec.ts) › one<br>[`b.spec.ts`](../../tests/e2e/b.spec.ts) › two<br>[`c.spec.ts`](../../tests/e2e/c.spec.ts) › three<br>and 1 more |',
    );
    expect(page).toContain('| `a NEVER#0` | not taken: placeholder | not taken |');
  });

  it('does not count the browser against a machine only the server moves', async () => {
    const files = await renderAtlas([['deposit-lifecycle', gatedEntry({ 'a NEVER#0': 'placeholder' })]], new Map(), new Map(), ui);
    expect(files.get('README.md')).toContain('| 3 | 1/2 (50%) | not counted (the server runs it) |');
    const page = files.get('deposit-lifecycle.md')!;
    expect(page).toContain('Browser tests: not counted, run by the server.');
    expect(page).toContain('| `a NEVER#0` | not taken: placeholder |\n');
    expect(JSON.parse(files.get('coverage/deposit-lifecycle.json')!).browser).toBeNull();
  });

  it('counts the payment lifecycle, which people move, and names the transitions only the server takes', async () => {
    const lifecycle = await loadFlow('payment-lifecycle');
    const taken = { paymentLifecycle: { 'created PAY_FROM_BALANCE#0': ['tests/e2e/a.spec.ts › send'] } };
    const files = await renderAtlas([['payment-lifecycle', lifecycle]], new Map(), new Map(), taken);
    const page = files.get('payment-lifecycle.md')!;
    expect(page).toContain('Browser tests (Chromium against the real server, [ui-coverage.json](ui-coverage.json)): 1/17 (5%).');
    expect(page).toContain('| `created PAY_FROM_BALANCE#0` | taken | 1: [`a.spec.ts`](../../tests/e2e/a.spec.ts) › send |');
    expect(page).toContain("| `new EXPIRE#0` | taken | not taken: the server's own — the hold_expiry job, 72 hours after an unanswered order");
    expect(page).toContain('| `requested CANCEL#0` | taken | not taken |');
  });
});

describe('checking a test run', () => {
  const gatedRow = async (uncovered?: Record<string, string>): Promise<CoverageRow> => {
    const model = atlasModel(gatedEntry(uncovered));
    for (const path of model.paths) await model.run(path);
    return { name: 'gated', coverage: model.coverage(), uncovered: uncovered ?? {} };
  };
  const reason = { 'a NEVER#0': 'placeholder guard' };

  it('accepts a run that measured what coverage.md says, every gap explained', async () => {
    const row = await gatedRow(reason);
    const { problems } = checkMeasured([['gated', gatedEntry(reason)]], [{ file: 'tests/model/gated.model.test.ts', coverage: row.coverage }], coverageMarkdown([row]));
    expect(problems).toEqual([]);
  });

  it('fails a transition left untaken without a reason', async () => {
    const row = await gatedRow();
    const { problems } = checkMeasured([['gated', gatedEntry()]], [{ file: 'tests/model/gated.model.test.ts', coverage: row.coverage }], coverageMarkdown([row]));
    expect(problems).toEqual([expect.stringMatching(/^gated: below 100% of its transitions.*a NEVER#0 \[never\] → c$/)]);
  });

  it('fails a catalogued machine without a model test; reports from elsewhere (the helper\'s unit tests) do not count', async () => {
    const row = await gatedRow(reason);
    const { problems } = checkMeasured([['gated', gatedEntry(reason)]], [{ file: 'tests/unit/model-based/x.test.ts', coverage: row.coverage }], null);
    expect(problems).toEqual([expect.stringContaining('gated: no model test reported coverage; write tests/model/gated.model.test.ts')]);
  });

  it('fails a model test of a machine that is not catalogued', async () => {
    const row = await gatedRow(reason);
    const { problems } = checkMeasured([], [{ file: 'tests/model/gated.model.test.ts', coverage: row.coverage }], coverageMarkdown([]));
    expect(problems).toEqual([expect.stringContaining('tests machine "gated", which is not in machines/catalogue.ts')]);
  });

  it('fails when the run measured other numbers than coverage.md shows', async () => {
    const row = await gatedRow(reason);
    const other = { ...row, coverage: { ...row.coverage, paths: row.coverage.paths + 1 } };
    const { problems } = checkMeasured([['gated', gatedEntry(reason)]], [{ file: 'tests/model/gated.model.test.ts', coverage: other.coverage }], coverageMarkdown([row]));
    expect(problems).toEqual([expect.stringContaining('other coverage than docs/flows/coverage.md says: run `npm run flows`')]);
  });
});

describe('writing docs/flows', () => {
  it('finds changed, missing and leftover files, and writing removes the leftovers', () => {
    const root = mkdtempSync(join(tmpdir(), 'tipjar-flows-'));
    const files = new Map([['README.md', 'index\n'], ['a.md', 'a\n']]);
    expect(staleFiles(root, files)).toEqual(['README.md', 'a.md']);
    mkdirSync(join(root, 'docs', 'flows'), { recursive: true });
    writeFileSync(join(root, 'docs', 'flows', 'removed-machine.md'), 'old\n');
    expect(writeAtlas(root, files)).toEqual(['README.md', 'a.md', 'removed-machine.md']);
    expect(existsSync(join(root, 'docs', 'flows', 'removed-machine.md'))).toBe(false);
    expect(staleFiles(root, files)).toEqual([]);
    writeFileSync(join(root, 'docs', 'flows', 'a.md'), 'edited by hand\n');
    expect(staleFiles(root, files)).toEqual(['a.md']);
    expect(readFileSync(join(root, 'docs', 'flows', 'README.md'), 'utf8')).toBe('index\n');
  });

  it('keeps the explorer’s coverage files in docs/flows/coverage, and leaves the browser run’s record and floor alone', () => {
    const root = mkdtempSync(join(tmpdir(), 'tipjar-flows-'));
    const dir = join(root, 'docs', 'flows');
    mkdirSync(join(dir, 'coverage'), { recursive: true });
    writeFileSync(join(dir, 'coverage', 'removed-machine.json'), '{}\n');
    writeFileSync(join(dir, 'ui-coverage.json'), '{}\n');
    writeFileSync(join(dir, 'ui-coverage-floor.json'), '{}\n');
    const files = new Map([['a.md', 'a\n'], ['coverage/a.json', '{"model":{}}\n']]);
    expect(staleFiles(root, files)).toEqual(['a.md', 'coverage/a.json', 'coverage/removed-machine.json']);
    writeAtlas(root, files);
    expect(readFileSync(join(dir, 'coverage', 'a.json'), 'utf8')).toBe('{"model":{}}\n');
    expect(existsSync(join(dir, 'coverage', 'removed-machine.json'))).toBe(false);
    expect(existsSync(join(dir, 'ui-coverage.json'))).toBe(true);
    expect(existsSync(join(dir, 'ui-coverage-floor.json'))).toBe(true);
    expect(staleFiles(root, files)).toEqual([]);
  });
});
