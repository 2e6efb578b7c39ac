import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup, type AnyMachineSnapshot } from 'xstate';
import { planPaths } from '../../../scripts/flows/path-plan';
import { initialSnapshot, stateName, type DriverModel } from '../../e2e/paths/path-model';

/** A note form in miniature: typing, a guarded save (empty → a message), a call that succeeds or fails, cancel. */
const noteMachine = setup({
  types: { context: {} as { text: string; message: boolean }, events: {} as { type: 'TYPE'; text: string } | { type: 'SAVE' } | { type: 'CANCEL' } },
  actors: { save: fromPromise<void, void>(async () => {}) },
  guards: { filled: ({ context }) => context.text !== '' },
}).createMachine({
  id: 'note',
  context: { text: '', message: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        TYPE: { actions: assign({ text: ({ event }) => event.text, message: false }) },
        SAVE: [{ guard: 'filled', target: 'saving' }, { actions: assign({ message: true }) }],
        CANCEL: 'cancelled',
      },
    },
    saving: { invoke: { src: 'save', onDone: 'saved', onError: 'editing' } },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

const model = (changes: Partial<DriverModel> = {}): DriverModel => ({
  name: 'note',
  machine: noteMachine,
  input: undefined,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }),
  events: { TYPE: { samples: [{ text: 'hi' }] }, SAVE: {}, CANCEL: {} },
  outcomes: { save: { done: [{ name: 'stored' }], error: [{ name: 'server down', value: new Error('503') }] } },
  leftOut: {},
  ...changes,
});

/** A door that starts locked or closed, as its input says: no step locks it again. */
const doorMachine = setup({
  types: { input: {} as { locked: boolean }, context: {} as { locked: boolean }, events: {} as { type: 'UNLOCK' } | { type: 'OPEN' } | { type: 'CLOSE' } },
}).createMachine({
  id: 'door',
  context: ({ input }) => ({ locked: input.locked }),
  initial: 'start',
  states: {
    start: { always: [{ guard: ({ context }) => context.locked, target: 'locked' }, { target: 'closed' }] },
    locked: { on: { UNLOCK: 'closed' } },
    closed: { on: { OPEN: 'opened' } },
    opened: { on: { CLOSE: 'closed' } },
  },
});

const door = (changes: Partial<DriverModel> = {}): DriverModel => ({
  name: 'door',
  machine: doorMachine,
  input: { locked: false },
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  events: { UNLOCK: {}, OPEN: {}, CLOSE: {} },
  outcomes: {},
  leftOut: {},
  ...changes,
});

const TYPE = { event: 'TYPE', payload: { text: 'hi' }, transition: 'editing TYPE#0' };
const SAVE = { event: 'SAVE', transition: 'editing SAVE#0' };

describe('the generated paths plan (npm run flows:paths)', () => {
  it('takes every transition by its shortest path; a path another one starts with is left to it', () => {
    expect(planPaths(model(), new Set())).toEqual({
      untaken: ['editing TYPE#0', 'editing SAVE#0', 'editing SAVE#1', 'editing CANCEL#0', 'saving save:done#0', 'saving save:error#0'],
      paths: [
        { covers: ['editing TYPE#0', 'editing SAVE#0', 'saving save:done#0'], steps: [TYPE, SAVE, { event: 'save:done', outcome: 'stored', transition: 'saving save:done#0' }] },
        { covers: ['editing TYPE#0', 'editing SAVE#0', 'saving save:error#0'], steps: [TYPE, SAVE, { event: 'save:error', outcome: 'server down', transition: 'saving save:error#0' }] },
        { covers: ['editing SAVE#1'], steps: [{ event: 'SAVE', transition: 'editing SAVE#1' }] },
        { covers: ['editing CANCEL#0'], steps: [{ event: 'CANCEL', transition: 'editing CANCEL#0' }] },
      ],
      unreachable: [],
    });
  });

  it('only for the transitions no hand-written test took, and none for one the driver leaves out', () => {
    const plan = planPaths(model({ leftOut: { 'editing CANCEL#0': 'no cancel button yet' } }), new Set(['editing TYPE#0', 'editing SAVE#0', 'saving save:done#0']));
    expect(plan).toEqual({
      untaken: ['editing SAVE#1', 'editing CANCEL#0', 'saving save:error#0'],
      paths: [
        { covers: ['editing SAVE#1'], steps: [{ event: 'SAVE', transition: 'editing SAVE#1' }] },
        { covers: ['saving save:error#0'], steps: [TYPE, SAVE, { event: 'save:error', outcome: 'server down', transition: 'saving save:error#0' }] },
      ],
      unreachable: [],
    });
  });

  it('never goes through a transition left out, nor sends an event the screen cannot send then: what it cannot reach it says', () => {
    expect(planPaths(model({ leftOut: { 'editing TYPE#0': 'typing is tested elsewhere' } }), new Set()).unreachable).toEqual([
      'editing SAVE#0',
      'saving save:done#0',
      'saving save:error#0',
    ]);
    // Save disabled while the note is empty: the rule's message is out of reach.
    const disabledWhileEmpty = model({ events: { TYPE: { samples: [{ text: 'hi' }] }, SAVE: { possible: (before) => before.context.text !== '' }, CANCEL: {} } });
    expect(planPaths(disabledWhileEmpty, new Set()).unreachable).toEqual(['editing SAVE#1']);
  });

  it('brings a call to an end only where its outcome says it can: the answer follows from what the path did before', () => {
    // The server refuses only a note typed as 'too long': the failure's path types it, the success's types 'hi'.
    const byText = model({
      events: { TYPE: { samples: [{ text: 'hi' }, { text: 'too long' }] }, SAVE: {}, CANCEL: {} },
      outcomes: {
        save: {
          done: [{ name: 'stored', possible: (during) => during.context.text === 'hi' }],
          error: [{ name: 'refused as too long', value: new Error('422'), possible: (during) => during.context.text === 'too long' }],
        },
      },
    });
    const { paths } = planPaths(byText, new Set(['editing TYPE#0', 'editing SAVE#0', 'editing SAVE#1', 'editing CANCEL#0']));
    expect(paths).toEqual([
      { covers: ['saving save:done#0'], steps: [TYPE, SAVE, { event: 'save:done', outcome: 'stored', transition: 'saving save:done#0' }] },
      {
        covers: ['saving save:error#0'],
        steps: [
          { event: 'TYPE', payload: { text: 'too long' }, transition: 'editing TYPE#0' },
          SAVE,
          { event: 'save:error', outcome: 'refused as too long', transition: 'saving save:error#0' },
        ],
      },
    ]);
  });

  it('brings an outcome about only where its driver says it can (a decline needs the declining card chosen)', () => {
    const downWhen = (possible: (before: AnyMachineSnapshot) => boolean) =>
      model({ outcomes: { save: { done: [{ name: 'stored' }], error: [{ name: 'server down', value: new Error('503'), possible }] } } });
    expect(planPaths(downWhen((before) => before.context.text === 'hi'), new Set()).unreachable).toEqual([]);
    expect(planPaths(downWhen((before) => before.context.text === 'bye'), new Set()).unreachable).toEqual(['saving save:error#0']);
  });

  it('refuses a reason for a transition the machine does not have, and an outcome of a call it does not make', () => {
    expect(() => planPaths(model({ leftOut: { 'editing PUBLISH#0': 'gone' } }), new Set())).toThrow('note: left out but not a transition of the machine: editing PUBLISH#0');
    expect(() => planPaths(model({ outcomes: { publish: { done: [{ name: 'published' }] } } }), new Set())).toThrow('note: the machine invokes no "publish"');
  });

  it('starts a path from the driver’s other inputs where only they lead: the path names it; its own input wins a tie', () => {
    const taken = new Set(['start always#0', 'start always#1']);
    const OPEN = { event: 'OPEN', transition: 'closed OPEN#0' };
    // A closed door is where `input` starts: opening it needs no unlocking, so that path does not name an input.
    expect(planPaths(door({ inputs: { lockedDoor: { locked: true } } }), taken)).toEqual({
      untaken: ['locked UNLOCK#0', 'closed OPEN#0', 'opened CLOSE#0'],
      paths: [
        { covers: ['locked UNLOCK#0'], input: 'lockedDoor', steps: [{ event: 'UNLOCK', transition: 'locked UNLOCK#0' }] },
        { covers: ['closed OPEN#0', 'opened CLOSE#0'], steps: [OPEN, { event: 'CLOSE', transition: 'opened CLOSE#0' }] },
      ],
      unreachable: [],
    });
    // Without it, the locked door is out of reach; a closed one from another input is as near as from `input`.
    expect(planPaths(door(), taken).unreachable).toEqual(['locked UNLOCK#0']);
    expect(planPaths(door({ inputs: { alsoClosed: { locked: false } } }), taken).paths.map((path) => path.input)).toEqual([undefined]);
  });

  it('replays a path from the input it names, and refuses a name the driver does not have', () => {
    const model = door({ inputs: { lockedDoor: { locked: true } } });
    expect(stateName(initialSnapshot(model))).toBe('closed');
    expect(stateName(initialSnapshot(model, 'lockedDoor'))).toBe('locked');
    expect(() => initialSnapshot(model, 'openDoor')).toThrow('door: the driver has no input "openDoor": regenerate with npm run flows:paths');
  });
});
