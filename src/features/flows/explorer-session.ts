/**
 * One machine of the catalogue running in the explorer: its catalogue fakes in place of side effects, invoked
 * actors parked until the reviewer settles them (done or error, with the catalogue's outcomes), `after` timers on
 * a simulated clock that moves only when the reviewer takes the timer — the same stepping as the model tests
 * (tests/support/model-based.ts), so a path from the docs replays here exactly.
 */
import { createActor, fromPromise, SimulatedClock, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
import type { CatalogueEntry } from '../../../machines/catalogue-entry';
import { nodeId } from '../../ui/machine-diagram/flow-graph';
import { AFTER, DONE, ERROR, countedStates, eventSamples, invokeNames, planPaths, transitionId } from '../../../machines/graph/model-graph';

export interface EnabledEvent {
  /** As the docs title it: `SUBMIT`, `CHANGE[1]`, `signIn:done`, `after:5000`. */
  title: string;
  event: AnyEventObject;
}

export interface ExplorerPath {
  title: string;
  steps: EnabledEvent[];
}

export interface ExplorerState {
  snapshot: AnyMachineSnapshot;
  /** Diagram nodes active now (`loggedOut`, `loggedOut.expired`; the machine's id when it has no states). */
  active: Set<string>;
  /** Transition ids the last step took (empty at the start). */
  lastTaken: string[];
  /** Steps taken since the start, by title. */
  history: string[];
}

export class ExplorerSession {
  private actor!: AnyActorRef;
  private running!: CatalogueEntry['machine'];
  private clock!: SimulatedClock;
  private pending = new Map<string, { resolve: (output: unknown) => void; reject: (error: unknown) => void }>();
  private scheduledAt = new WeakMap<object, number>();
  private taken: string[] = [];
  private history: string[] = [];
  private listeners = new Set<() => void>();
  private state!: ExplorerState;
  private readonly invokes;
  private readonly samples;

  constructor(
    private readonly entry: CatalogueEntry,
    private readonly input: unknown,
  ) {
    this.invokes = invokeNames(entry.machine);
    this.samples = eventSamples(entry.machine, entry.events as Record<string, AnyEventObject | AnyEventObject[]>, entry.invokeResults);
    this.start();
  }

  /** The generated test paths from this input, as the model test titles them. */
  paths(): ExplorerPath[] {
    const machine = this.entry.fake();
    const serializeState = (this.entry.serializeState ?? ((s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context }))) as (s: AnyMachineSnapshot) => string;
    return planPaths(machine, { input: this.input, events: this.samples.eventsFor, serializeState, limit: 5000 }).map((steps) => {
      const rest = steps.slice(1).map((s) => ({ title: this.samples.titleOf(s.event), event: s.event }));
      return { title: rest.map((s) => s.title).join(' → ') || '(initial state)', steps: rest };
    });
  }

  private start(): void {
    const sources = [...new Set([this.entry.machine.root, ...countedStates(this.entry.machine)].flatMap((n) => n.invoke.map((i) => i.src)).filter((src): src is string => typeof src === 'string'))];
    const parked = Object.fromEntries(
      sources.map((src) => [src, fromPromise<unknown, unknown>(({ self }) => new Promise((resolve, reject) => this.pending.set(self.id, { resolve, reject })))]),
    );
    this.pending = new Map();
    this.scheduledAt = new WeakMap();
    this.taken = [];
    this.history = [];
    this.clock = new SimulatedClock();
    const inspect = (e: InspectionEvent) => {
      if (e.type === '@xstate.microstep' && e.actorRef.sessionId === e.rootId) for (const t of e._transitions) this.taken.push(transitionId(t, this.invokes));
    };
    this.running = this.entry.fake().provide({ actors: parked });
    this.actor = createActor(this.running, { input: this.input, clock: this.clock, inspect });
    this.actor.start();
    this.noteSchedules();
    this.taken = [];
    this.publish();
  }

  private noteSchedules(): void {
    for (const s of Object.values(this.actor.system.getSnapshot()._scheduledEvents)) if (!this.scheduledAt.has(s)) this.scheduledAt.set(s, this.clock.now());
  }

  private publish(): void {
    const snapshot = this.actor.getSnapshot() as AnyMachineSnapshot;
    const own = snapshot._nodes.filter((n) => n.path.length > 0).map(nodeId);
    this.state = { snapshot, active: new Set(own.length ? own : [this.entry.machine.id]), lastTaken: [...this.taken], history: [...this.history] };
    this.listeners.forEach((l) => l());
  }

  getState = (): ExplorerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** What the reviewer can do now: the catalogue's samples the machine would act on, running invokes, due timers. */
  enabled(): EnabledEvent[] {
    const snapshot = this.actor.getSnapshot() as AnyMachineSnapshot;
    return this.samples
      .eventsFor(snapshot)
      .filter(({ type }) => {
        if (type.startsWith(DONE) || type.startsWith(ERROR)) return this.pending.has(type.slice((type.startsWith(DONE) ? DONE : ERROR).length));
        if (type.startsWith(AFTER)) return this.dueTimer(type) !== undefined;
        return true;
      })
      .filter((event) => this.running.getTransitionData(snapshot, event).length > 0)
      .map((event) => ({ title: this.samples.titleOf(event), event }));
  }

  private dueTimer(type: string) {
    return Object.values(this.actor.system.getSnapshot()._scheduledEvents).find((s) => s.event.type === type && s.source === this.actor);
  }

  /** Takes one step; resolves once the machine has reacted (promise actors report on a later tick). */
  async step({ title, event }: EnabledEvent): Promise<void> {
    this.taken = [];
    const { type } = event;
    if (type.startsWith(DONE) || type.startsWith(ERROR)) {
      const id = type.slice((type.startsWith(DONE) ? DONE : ERROR).length);
      const settle = this.pending.get(id);
      if (!settle) throw new Error(`${title}: that invoke is not running`);
      this.pending.delete(id);
      if (type.startsWith(DONE)) settle.resolve(event.output);
      else settle.reject(event.error);
      await new Promise((resolve) => setTimeout(resolve, 0));
    } else if (type.startsWith(AFTER)) {
      const due = this.dueTimer(type);
      if (!due) throw new Error(`${title}: that timer is not scheduled`);
      this.clock.increment(Math.max(0, (this.scheduledAt.get(due) ?? this.clock.now()) + due.delay - this.clock.now()));
    } else {
      this.actor.send(event);
    }
    this.noteSchedules();
    this.history.push(title);
    this.publish();
  }

  reset(): void {
    this.actor.stop();
    this.start();
  }

  stop(): void {
    this.actor.stop();
  }
}
