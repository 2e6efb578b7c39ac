import { describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, setup } from 'xstate';
import { assertCoverage, createModel, describeModel, type Model } from '../../support/model-based';

async function runAll(model: Model) {
  for (const path of model.paths) await model.run(path);
  return model.coverage();
}
const titles = (model: Model) => model.paths.map((p) => p.title);

// GO is always possible; NEVER's guard can never pass, so `a NEVER#0` and state c cannot be reached.
const gated = setup({
  types: { events: {} as { type: 'GO' } | { type: 'NEVER' } },
  guards: { never: () => false },
}).createMachine({
  id: 'gated',
  initial: 'a',
  states: { a: { on: { GO: 'b', NEVER: { guard: 'never', target: 'c' } } }, b: {}, c: {} },
});
const gatedOptions = {
  machine: gated,
  events: { GO: { type: 'GO' }, NEVER: { type: 'NEVER' } },
  setup: () => ({ machine: gated, fakes: null }),
  states: { a: () => {}, b: () => {} },
} as const;

describe('coverage counting', () => {
  it('reports a guarded-off transition as not taken', async () => {
    const coverage = await runAll(createModel(gatedOptions));
    expect(coverage.transitions).toEqual({
      taken: 1,
      total: 2,
      untaken: [{ id: 'a NEVER#0', description: 'a NEVER#0 [never] → c' }],
    });
    expect(coverage.states).toEqual({ reached: 2, total: 3, unreached: ['c'] });
  });

  it('fails below 100% unless the transition is listed with a reason', async () => {
    const coverage = await runAll(createModel(gatedOptions));
    expect(() => assertCoverage(coverage)).toThrow(/transitions 1\/2 \(50%\)\nnot taken .*a NEVER#0 \[never\] → c/);
    expect(() => assertCoverage(coverage, { 'a NEVER#0': '  ' })).toThrow(/not taken/);
    expect(() => assertCoverage(coverage, { 'a NEVER#0': 'the never guard is a placeholder' })).not.toThrow();
  });

  it('rejects an uncovered list that has gone stale', async () => {
    const coverage = await runAll(createModel(gatedOptions));
    const stale = { 'a NEVER#0': 'placeholder', 'a GO#0': 'it used to be unreachable' };
    expect(() => assertCoverage(coverage, stale)).toThrow(/listed as uncovered but taken or unknown: a GO#0/);
  });

  it('counts each guarded branch of an always transition separately', async () => {
    const routed = setup({ types: { input: {} as { n: number }, context: {} as { n: number } } }).createMachine({
      id: 'routed',
      context: ({ input }) => ({ n: input.n }),
      initial: 'route',
      states: {
        route: { always: [{ guard: ({ context }) => context.n > 0, target: 'pos' }, { target: 'other' }] },
        pos: {},
        other: {},
      },
    });
    const options = { machine: routed, events: {}, setup: () => ({ machine: routed, fakes: null }), states: { pos: () => {}, other: () => {} } };
    const one = await runAll(createModel({ ...options, inputs: { positive: { n: 1 } } }));
    expect(one.transitions.untaken.map((t) => t.id)).toEqual(['route always#1']);
    const both = await runAll(createModel({ ...options, inputs: { positive: { n: 1 }, zero: { n: 0 } } }));
    expect(both.transitions).toMatchObject({ taken: 2, total: 2 });
    expect(both.states).toMatchObject({ reached: 3, total: 3 }); // transient `route` counts as reached
  });
});

describe('state assertions', () => {
  it('fails a path that reaches a state with no assertion', async () => {
    const model = createModel({ ...gatedOptions, states: { a: () => {} } });
    const path = model.paths.find((p) => p.title === '[default] GO')!;
    await expect(model.run(path)).rejects.toThrow(/\[default\] GO\n  at step 1 \(GO\): no state assertion for "b"/);
  });

  it('refuses assertions for states the machine does not have', () => {
    expect(() => createModel({ ...gatedOptions, states: { a: () => {}, 'a.typo': () => {} } })).toThrow(/No atomic state a\.typo/);
  });
});

describe('after delays', () => {
  // Named and numeric delays, one after the other, so the second is measured from the first firing.
  const timer = setup({ delays: { grace: 500 }, actions: { warn: () => {}, expire: () => {} } }).createMachine({
    id: 'timer',
    initial: 'idle',
    states: {
      idle: { after: { 1000: { target: 'warned', actions: 'warn' } }, on: { PING: 'idle' } },
      warned: { after: { grace: { target: 'expired', actions: 'expire' } }, on: { PING: 'idle' } },
      expired: { type: 'final' },
    },
  });

  it('advances a simulated clock by exactly the delay the path takes', async () => {
    const seen: string[][] = [];
    const model = createModel({
      machine: timer,
      events: { PING: { type: 'PING' } },
      setup: () => ({ machine: timer, fakes: null }),
      states: {
        idle: () => {},
        warned: ({ actions, step }) => {
          expect(step).toBe('after:1000');
          seen.push(actions);
        },
        expired: ({ actions, step }) => {
          expect(step).toBe('after:grace');
          seen.push(actions);
        },
      },
    });
    expect(titles(model)).toContain('[default] after:1000 → after:grace');
    const coverage = await runAll(model);
    expect(seen).toContainEqual(['warn']);
    expect(seen).toContainEqual(['expire']);
    assertCoverage(coverage);
  });

  it('tells each state which of its own timers are pending and how long they have left', async () => {
    const pending: Record<string, unknown> = {};
    const model = createModel({
      machine: timer,
      events: { PING: { type: 'PING' } },
      setup: () => ({ machine: timer, fakes: null }),
      states: Object.fromEntries(['idle', 'warned', 'expired'].map((s) => [s, ({ scheduled }: { scheduled: unknown }) => void (pending[s] = scheduled)])),
    });
    await model.run(model.paths.find((p) => p.title === '[default] after:1000 → after:grace')!);
    expect(pending).toEqual({
      idle: [{ event: 'after:1000', dueIn: 1000 }],
      warned: [{ event: 'after:grace', dueIn: 500 }], // scheduled when `warned` was entered, at 1000 ms
      expired: [],
    });
  });
});

describe('graph limits and model/actor agreement', () => {
  const counter = setup({ types: { context: {} as { n: number }, events: {} as { type: 'INC' } } }).createMachine({
    id: 'counter',
    context: { n: 0 },
    initial: 'on',
    states: { on: { on: { INC: { actions: assign({ n: ({ context }) => context.n + 1 }) } } } },
  });
  const counterOptions = { machine: counter, events: { INC: { type: 'INC' as const } }, setup: () => ({ machine: counter, fakes: null }), states: { on: () => {} } };

  it('stops an unbounded graph with a hint instead of hanging', () => {
    expect(() => createModel({ ...counterOptions, limit: 50 })).toThrow(/traversal limit exceeded.*serializeState/);
    const model = createModel({ ...counterOptions, serializeState: (s) => JSON.stringify(s.value) });
    expect(titles(model)).toEqual(['[default] INC']);
  });

  it('fails a path the real actor cannot follow', async () => {
    // The graph may send the 2 s timeout first; on a clock the 1 s one always fires before it.
    const race = createMachine({ id: 'race', initial: 'wait', states: { wait: { after: { 1000: 'fast', 2000: 'slow' } }, fast: {}, slow: {} } });
    const model = createModel({ machine: race, events: {}, setup: () => ({ machine: race, fakes: null }), states: { wait: () => {}, fast: () => {}, slow: () => {} } });
    const slow = model.paths.find((p) => p.title === '[default] after:2000')!;
    await expect(model.run(slow)).rejects.toThrow(/the actor is not where the model says/);
  });

  it('fails a path whose actor ends in another graph node with the same state value', async () => {
    // The guard reads what an action changed outside the snapshot: the graph (which runs no custom actions) takes
    // the first branch every time, the real actor only once. Same value, other context: caught by serializeState.
    let granted = 0;
    const leaky = setup({
      types: { context: {} as { n: number }, events: {} as { type: 'GO' } },
      actions: { grant: () => void (granted += 1) },
      guards: { firstTime: () => granted === 0 },
    }).createMachine({
      id: 'leaky',
      context: { n: 0 },
      on: { GO: [{ guard: 'firstTime', actions: ['grant', assign({ n: ({ context }) => context.n + 1 })] }, {}] },
    });
    const model = createModel({
      machine: leaky,
      events: { GO: { type: 'GO' } },
      setup: () => ((granted = 0), { machine: leaky, fakes: null }),
      states: { '(machine)': () => {} },
      serializeState: (s) => JSON.stringify(Math.min(s.context.n, 2)),
    });
    const twice = model.paths.find((p) => p.title.startsWith('[default] GO → GO'))!;
    await expect(model.run(twice)).rejects.toThrow(/at step 2 \(GO\): the actor is not where the model says/);
  });
});

describe('invoked actors', () => {
  interface Profile { name: string }
  const loader = setup({
    types: { context: {} as { id: string; profile: Profile | null }, input: {} as { id: string }, events: {} as { type: 'RETRY' } },
    actors: { fetchProfile: fromPromise<Profile | null, { id: string }>(async () => ({ name: 'real' })) },
  }).createMachine({
    id: 'loader',
    context: ({ input }) => ({ id: input.id, profile: null }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'fetchProfile',
          input: ({ context }) => ({ id: context.id }),
          onDone: [
            { guard: ({ event }) => event.output === null, target: 'missing' },
            { target: 'loaded', actions: assign({ profile: ({ event }) => event.output }) },
          ],
          onError: 'failed',
        },
      },
      loaded: {},
      missing: {},
      failed: { on: { RETRY: 'loading' } },
    },
  });

  describeModel('a machine with an invoke (via describeModel)', {
    machine: loader,
    inputs: { u7: { id: 'u7' } },
    events: { RETRY: { type: 'RETRY' } },
    // The done samples exercise both onDone branches; the default error sample drives onError.
    invokeResults: { fetchProfile: { done: [null, { name: 'Ana' }] } },
    setup: () => ({ machine: loader, fakes: null }),
    states: {
      loading: ({ running }) => expect(running).toEqual([expect.objectContaining({ src: 'fetchProfile', input: { id: 'u7' } })]),
      loaded: ({ snapshot, running }) => {
        expect(snapshot.context.profile).toEqual({ name: 'Ana' });
        expect(running).toEqual([]);
      },
      missing: ({ snapshot }) => expect(snapshot.context.profile).toBeNull(),
      failed: ({ step, running }) => {
        expect(step).toBe('fetchProfile:error');
        expect(running).toEqual([]);
      },
    },
  });

  it('generates a path for each outcome, including retrying after an error', () => {
    const model = createModel({
      machine: loader,
      inputs: { u7: { id: 'u7' } },
      events: { RETRY: { type: 'RETRY' } },
      invokeResults: { fetchProfile: { done: [null, { name: 'Ana' }] } },
      setup: () => ({ machine: loader, fakes: null }),
      states: {},
    });
    expect(titles(model)).toEqual(
      expect.arrayContaining(['[u7] fetchProfile:done[0]', '[u7] fetchProfile:done[1]', '[u7] fetchProfile:error → RETRY']),
    );
  });
});

describe('a machine without states', () => {
  // Like the notifications queue: only root transitions, guarded, without targets. The root is its one state.
  const queue = setup({
    types: { context: {} as { items: number }, events: {} as { type: 'ADD' } | { type: 'CLEAR' } },
    guards: { isFull: ({ context }) => context.items >= 2 },
  }).createMachine({
    id: 'queue',
    context: { items: 0 },
    on: {
      ADD: [{ guard: 'isFull' }, { actions: assign({ items: ({ context }) => context.items + 1 }) }],
      CLEAR: { actions: assign({ items: 0 }) },
    },
  });

  it('asserts and counts the root as its one state, `(machine)`', async () => {
    const seen: number[] = [];
    const model = createModel({
      machine: queue,
      events: { ADD: { type: 'ADD' }, CLEAR: { type: 'CLEAR' } },
      setup: () => ({ machine: queue, fakes: null }),
      states: { '(machine)': ({ snapshot }) => void seen.push(snapshot.context.items) },
    });
    const coverage = await runAll(model);
    expect(seen).toContain(2);
    expect(coverage.states).toEqual({ reached: 1, total: 1, unreached: [] });
    assertCoverage(coverage);
  });
});

describe('a machine that finishes', () => {
  // The root's CANCEL is handled in every state, but a finished actor ignores events: no path may go past `paid`.
  const order = createMachine({
    id: 'order',
    initial: 'open',
    states: { open: { on: { PAY: 'paid' } }, paid: { type: 'final' } },
    on: { CANCEL: '.open' },
  });

  it('sends nothing once the machine is done', async () => {
    const model = createModel({
      machine: order,
      events: { PAY: { type: 'PAY' }, CANCEL: { type: 'CANCEL' } },
      setup: () => ({ machine: order, fakes: null }),
      states: { open: () => {}, paid: () => {} },
    });
    expect(titles(model)).toEqual(['[default] PAY', '[default] CANCEL']);
    const coverage = await runAll(model);
    assertCoverage(coverage);
  });
});
