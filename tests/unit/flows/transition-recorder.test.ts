import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, toPromise, waitFor } from 'xstate';
import { transitionUniverse } from '../../../machines/graph/model-graph';
import { transitionRecorder, type RecordedTransition } from '../../../machines/graph/transition-recorder';

/** A checkout in miniature: a guarded event, an invoke's done, an `always`, a targetless event and a child machine. */
const toastMachine = setup({}).createMachine({
  id: 'toast',
  initial: 'shown',
  states: { shown: { on: { CLOSE: 'hidden' } }, hidden: { type: 'final' } },
});

const checkoutMachine = setup({
  types: { context: {} as { amount: number; edits: number }, events: {} as { type: 'AMOUNT'; amount: number } | { type: 'PAY' } },
  guards: { hasAmount: ({ context }) => context.amount > 0 },
  actors: { charge: fromPromise<string, { amount: number }>(async () => 'p-1'), toast: toastMachine },
}).createMachine({
  id: 'checkout',
  context: { amount: 0, edits: 0 },
  initial: 'editing',
  states: {
    editing: {
      on: {
        AMOUNT: { actions: assign({ amount: ({ event }) => event.amount, edits: ({ context }) => context.edits + 1 }) },
        PAY: [{ guard: 'hasAmount', target: 'paying' }, { target: 'invalid' }],
      },
    },
    invalid: { always: 'editing' },
    paying: { invoke: { src: 'charge', input: ({ context }) => ({ amount: context.amount }), onDone: 'done' } },
    done: { invoke: { id: 'thanks', src: 'toast', onDone: 'closed' } },
    closed: { type: 'final' },
  },
});

describe('transitionRecorder', () => {
  it('records every transition of the actor and its children, with the ids model coverage counts', async () => {
    const records: RecordedTransition[] = [];
    const actor = createActor(checkoutMachine, { inspect: transitionRecorder((taken) => records.push(taken)) }).start();
    actor.send({ type: 'PAY' });
    actor.send({ type: 'AMOUNT', amount: 1250 });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('done'));
    actor.getSnapshot().children.thanks!.send({ type: 'CLOSE' });
    await toPromise(actor);

    expect(records).toEqual([
      { machine: 'checkout', transition: 'editing PAY#1', source: 'editing', event: 'PAY', targets: ['invalid'] },
      { machine: 'checkout', transition: 'invalid always#0', source: 'invalid', event: 'always', targets: ['editing'] },
      { machine: 'checkout', transition: 'editing AMOUNT#0', source: 'editing', event: 'AMOUNT', targets: [] },
      { machine: 'checkout', transition: 'editing PAY#0', source: 'editing', event: 'PAY', targets: ['paying'] },
      { machine: 'checkout', transition: 'paying charge:done#0', source: 'paying', event: 'charge:done', targets: ['done'] },
      { machine: 'toast', transition: 'shown CLOSE#0', source: 'shown', event: 'CLOSE', targets: ['hidden'] },
      { machine: 'checkout', transition: 'done thanks:done#0', source: 'done', event: 'thanks:done', targets: ['closed'] },
    ]);
    // The same names the atlas lists for the machine: a transition taken here is a row of its coverage table.
    const universe = new Set(transitionUniverse(checkoutMachine).map((t) => t.id));
    expect(records.filter((r) => r.machine === 'checkout').every((r) => universe.has(r.transition))).toBe(true);
  });

  it('names a provide()d copy as its machine, and ignores promise actors', async () => {
    const records: RecordedTransition[] = [];
    const provided = checkoutMachine.provide({ actors: { charge: fromPromise(async () => 'p-2') } });
    const actor = createActor(provided, { inspect: transitionRecorder((taken) => records.push(taken)) }).start();
    actor.send({ type: 'AMOUNT', amount: 500 });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(records.map((r) => `${r.machine} ${r.transition}`)).toEqual([
      'checkout editing AMOUNT#0',
      'checkout editing PAY#0',
      'checkout paying charge:done#0',
    ]);
  });
});
