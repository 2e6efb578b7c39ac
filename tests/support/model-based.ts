/**
 * Model-based tests generated from a machine's graph (issue 2 item 8, issue 9 "Path coverage").
 *
 *   describeModel('session machine', {
 *     machine: sessionMachine,
 *     inputs: { visitor: { user: null }, restored: { user: complete } },     // one path set per input
 *     events: { LOGOUT: { type: 'LOGOUT' }, SIGNED_IN: [signInA, signInB], ... }, // samples; guards see each
 *     setup: () => ({ machine: sessionMachine.provide({ actions: fakes }), fakes }),
 *     states: { 'loggedOut.expired': ({ snapshot, actions }) => { ... }, ... },   // one per atomic state
 *     uncovered: { 'routing always#2': 'why it cannot be reached' },           // optional
 *   });
 *
 * Each generated path becomes an `it`: a fresh actor replays it and, after every step, checks that the real
 * actor is where the model said and runs the assertion of every active atomic state (a state without one fails).
 * A last `it` asserts that the paths took every transition of the machine (see model-graph.ts).
 * Invoked actors are replaced by deferred promises that the path settles (`logout:done` / `logout:error`);
 * `after` delays run on xstate's SimulatedClock, advanced by exactly the delay when the path takes them.
 */
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import {
  AFTER, countedStates, DONE, ERROR, eventLabel, eventSamples, invokeNames, planPaths, statePath, transitionId, transitionUniverse,
  type PlannedStep, type TransitionInfo,
} from '../../machines/graph/model-graph';

type Sample<M extends AnyStateMachine, K> = Extract<EventFromLogic<M>, { type: K }>;

interface Invocation { src: string; id: string; input: unknown }

interface Scheduled { event: string; dueIn: number }

export interface StepContext<M extends AnyStateMachine, F> {
  snapshot: SnapshotFrom<M>;
  /** The event of this step; `xstate.init` for the first. */
  event: AnyEventObject;
  /** The step as titled: `init`, `LOGOUT`, `logout:done`, `logout:error`, `after:1000`. */
  step: string;
  /** Actions the actor executed in this step, by name; built-ins (assign, spawnChild…) are left out. */
  actions: string[];
  /** Actors invoked in this step, with the input they got. */
  invoked: Invocation[];
  /** Invoked actors still running: neither settled by the path nor stopped by leaving their state. */
  running: Invocation[];
  /**
   * The machine's own delayed events still pending (`after` timers and delayed sends), as titled (`after:timeout`),
   * with the milliseconds left on the simulated clock. Timers of spawned children are theirs, not listed.
   */
  scheduled: Scheduled[];
  input: InputFrom<M>;
  fakes: F;
}

export interface ModelOptions<M extends AnyStateMachine, F> {
  machine: M;
  /** Label → input; paths are generated from each. Default: one run with no input. */
  inputs?: Record<string, InputFrom<M>>;
  /** Every event type the machine accepts, with one or more samples (several to exercise guard branches). */
  events: { [K in EventFromLogic<M>['type']]: Sample<M, K> | Array<Sample<M, K>> };
  /** Outcomes of invoked actors by src (or explicit invoke id); default one `done` with no output and one `error`. */
  invokeResults?: Record<string, { done?: unknown[]; error?: unknown[] }>;
  /**
   * A fresh copy of the machine with its fakes for one path (also called once per input to build the graph, so
   * keep it free of side effects); invoked actors are then replaced by the helper.
   */
  setup: (run: { input: InputFrom<M>; label: string }) => { machine: M; fakes: F };
  /** Keyed by atomic state path (`'loggedOut.expired'`): what being in that state means. */
  states: Record<string, (ctx: StepContext<M, F>) => void | Promise<void>>;
  /** Transition id → the reason it cannot be taken. */
  uncovered?: Record<string, string>;
  /** Graph key of a snapshot. Default: value and context; drop counters or the graph never ends. */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** Traversal bound, so an unbounded graph fails instead of hanging. Default 5000. */
  limit?: number;
}

interface ModelPath {
  title: string;
  inputLabel: string;
  steps: PlannedStep[];
  /** Each step as titled (`init`, `LOGOUT`, `SIGNED_IN[1]`, `logout:done`…): what the atlas prints in its path list. */
  stepTitles: string[];
}

export interface ModelCoverage {
  machine: string;
  paths: number;
  states: { reached: number; total: number; unreached: string[] };
  transitions: { taken: number; total: number; untaken: TransitionInfo[] };
}

export interface Model { paths: ModelPath[]; run(path: ModelPath): Promise<void>; coverage(): ModelCoverage }

declare module 'vitest' {
  interface TaskMeta { modelCoverage?: ModelCoverage } // read by a reporter (issue 9 coverage report)
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Generates the paths of a machine and returns how to run them and count coverage; no vitest involved. */
export function createModel<M extends AnyStateMachine, F>(options: ModelOptions<M, F>): Model {
  const { machine } = options;
  const invokes = invokeNames(machine);
  const stateNodes = countedStates(machine);
  const atomic = stateNodes.filter((n) => n.type === 'atomic' || n.type === 'final').map(statePath);
  const unknownKeys = Object.keys(options.states).filter((key) => !atomic.includes(key));
  if (unknownKeys.length) throw new Error(`No atomic state ${unknownKeys.join(', ')} in ${machine.id} (have ${atomic.join(', ')})`);

  const { eventsFor, titleOf } = eventSamples(machine, options.events as Record<string, AnyEventObject | AnyEventObject[]>, options.invokeResults);
  const serializeState = (options.serializeState ?? ((s) => JSON.stringify({ value: s.value, context: s.context }))) as (s: AnyMachineSnapshot) => string;
  const inputs: Record<string, unknown> = options.inputs ?? { default: undefined };
  const paths: ModelPath[] = Object.entries(inputs).flatMap(([inputLabel, input]) =>
    // Traverse the copy with fakes: the bare machine may not even resolve its actions alone (sendParent).
    planPaths(options.setup({ input: input as InputFrom<M>, label: inputLabel }).machine, { input, events: eventsFor, serializeState, limit: options.limit ?? 5000 }).map((steps) => {
      const stepTitles = steps.map((s, i) => (i === 0 ? 'init' : titleOf(s.event)));
      return { inputLabel, steps, stepTitles, title: `[${inputLabel}] ${stepTitles.slice(1).join(' → ') || '(initial state)'}` };
    }),
  );

  const universe = transitionUniverse(machine);
  const taken = new Set<string>();
  const reached = new Set<string>();

  async function run(path: ModelPath): Promise<void> {
    const input = inputs[path.inputLabel] as InputFrom<M>;
    const { machine: provided, fakes } = options.setup({ input, label: path.inputLabel });
    // Each invocation parks on a promise the path settles later, keyed by invoke id (the child's actor id).
    const pending = new Map<string, { resolve: (output: unknown) => void; reject: (error: unknown) => void }>();
    let actions: string[] = [];
    let invoked: Invocation[] = [];
    const running = new Map<string, Invocation>();
    const deferred = Object.fromEntries(
      [...new Set([machine.root, ...stateNodes].flatMap((n) => n.invoke.map((i) => i.src)).filter((src) => typeof src === 'string'))].map((src) => [
        src,
        fromPromise<unknown, unknown>(({ input: actorInput, self, signal }) => {
          const invocation = { src, id: self.id, input: actorInput };
          invoked.push(invocation);
          running.set(self.id, invocation);
          signal.addEventListener('abort', () => running.delete(self.id)); // its state was left
          return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
        }),
      ]),
    );
    const clock = new SimulatedClock();
    const inspect = (e: InspectionEvent) => {
      // Only the root actor: children (the deferred actors) report too. Compared by session id because the
      // initial microstep is reported inside createActor, before it returns the actor.
      if (e.actorRef.sessionId !== e.rootId) return;
      // Built-ins (xstate.spawnChild, …) are implementation detail; invocations are reported as `invoked`.
      if (e.type === '@xstate.action' && !e.action.type.startsWith('xstate.')) actions.push(e.action.type);
      if (e.type !== '@xstate.microstep') return;
      for (const t of e._transitions) {
        taken.add(transitionId(t, invokes));
        reached.add(statePath(t.source)); // transient states (only left by `always`) are never a resting snapshot
      }
    };
    const actor = createActor(provided.provide({ actors: deferred }), { input, clock, inspect });
    // Delayed events are due `delay` ms after they were scheduled on the simulated clock; remember when.
    const scheduledAt = new WeakMap<object, number>();
    const noteSchedules = () => {
      for (const s of Object.values(actor.system.getSnapshot()._scheduledEvents)) if (!scheduledAt.has(s)) scheduledAt.set(s, clock.now());
    };
    const pendingTimers = (): Scheduled[] =>
      Object.values(actor.system.getSnapshot()._scheduledEvents)
        .filter((s) => s.source === actor)
        .map((s) => ({ event: eventLabel(s.event.type, invokes), dueIn: (scheduledAt.get(s) ?? clock.now()) + s.delay - clock.now() }));

    const drive = async (event: AnyEventObject) => {
      const { type } = event;
      if (type.startsWith(DONE) || type.startsWith(ERROR)) {
        const id = type.slice((type.startsWith(DONE) ? DONE : ERROR).length);
        const settle = pending.get(id);
        if (!settle) throw new Error(`the path settles invoke ${id}, which is not running`);
        pending.delete(id);
        running.delete(id);
        if (type.startsWith(DONE)) settle.resolve(event.output);
        else settle.reject(event.error);
        await flush(); // promise actors report on a later tick
      } else if (type.startsWith(AFTER)) {
        const due = Object.values(actor.system.getSnapshot()._scheduledEvents).find((s) => s.event.type === type && s.source === actor);
        if (!due) throw new Error(`the path waits for ${type}, which is not scheduled`);
        clock.increment(Math.max(0, (scheduledAt.get(due) ?? clock.now()) + due.delay - clock.now()));
      } else {
        actor.send(event);
      }
      noteSchedules();
    };

    actor.start();
    noteSchedules();
    try {
      for (const [index, planned] of path.steps.entries()) {
        const step = path.stepTitles[index] ?? titleOf(planned.event);
        try {
          if (index > 0) await drive(planned.event);
          const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
          if (snapshot.status === 'error') throw snapshot.error;
          expect(snapshot.value, 'the actor is not where the model says').toEqual(planned.state.value);
          // Same graph node too: with a serializeState that keeps more than the value (a queue's length), the
          // actor must have followed the edge the path was planned on, not just stayed in the same state value.
          expect(serializeState(snapshot), 'the actor is not where the model says').toBe(serializeState(planned.state));
          for (const node of snapshot._nodes) reached.add(statePath(node));
          for (const node of snapshot._nodes.filter((n) => n.type === 'atomic' || n.type === 'final')) {
            const assertion = options.states[statePath(node)];
            if (!assertion) throw new Error(`no state assertion for "${statePath(node)}": say what this state means`);
            await assertion({
              snapshot: snapshot as SnapshotFrom<M>, event: planned.event, step, actions, invoked, running: [...running.values()], scheduled: pendingTimers(), input, fakes,
            });
          }
        } catch (err) {
          const at = `${path.title}\n  at step ${index} (${step})`;
          if (err instanceof Error) err.message = `${at}: ${err.message}`;
          throw err instanceof Error ? err : new Error(`${at}: ${String(err)}`);
        }
        actions = [];
        invoked = [];
      }
    } finally {
      actor.stop();
    }
  }

  function coverage(): ModelCoverage {
    const statesAll = stateNodes.map(statePath);
    const untaken = universe.filter((t) => !taken.has(t.id));
    return {
      machine: machine.id,
      paths: paths.length,
      states: { reached: statesAll.filter((s) => reached.has(s)).length, total: statesAll.length, unreached: statesAll.filter((s) => !reached.has(s)) },
      transitions: { taken: universe.length - untaken.length, total: universe.length, untaken },
    };
  }

  return { paths, run, coverage };
}

/**
 * Fails unless every transition was taken or is listed in `uncovered` with a reason. A listed transition that
 * was taken, or that does not exist, fails too, so the list cannot go stale.
 */
export function assertCoverage(coverage: ModelCoverage, uncovered: Record<string, string> = {}): void {
  const { untaken } = coverage.transitions;
  const problems = [
    ...untaken.filter((t) => !uncovered[t.id]?.trim()).map((t) => `not taken (list it in uncovered with a reason): ${t.description}`),
    ...Object.keys(uncovered).filter((id) => !untaken.some((t) => t.id === id)).map((id) => `listed as uncovered but taken or unknown: ${id}`),
  ];
  if (problems.length) throw new Error(`${formatCoverage(coverage)}\n${problems.join('\n')}`);
}

function formatCoverage(c: ModelCoverage): string {
  const pct = c.transitions.total ? Math.floor((100 * c.transitions.taken) / c.transitions.total) : 100;
  return `${c.machine}: ${c.paths} paths, states ${c.states.reached}/${c.states.total}, transitions ${c.transitions.taken}/${c.transitions.total} (${pct}%)`;
}

/** Registers one `it` per path plus a coverage `it` (last, so it sees every path; vitest runs a file in order). */
export function describeModel<M extends AnyStateMachine, F>(name: string, options: ModelOptions<M, F>): Model {
  const model = createModel(options);
  describe(name, () => {
    for (const path of model.paths) it(path.title, () => model.run(path));
    it('takes every transition of the machine', ({ task }) => {
      const coverage = model.coverage();
      task.meta.modelCoverage = coverage;
      assertCoverage(coverage, options.uncovered);
    });
  });
  return model;
}
