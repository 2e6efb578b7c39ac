/**
 * The graph half of the model-based helper (see model-based.ts): what a machine's transitions are, how a
 * transition is named in coverage reports, and which paths the tests replay. Pure: no vitest, no actors.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, getStateNodes, type AdjacencyMap } from 'xstate/graph';

export const DONE = 'xstate.done.actor.';
export const ERROR = 'xstate.error.actor.';
export const AFTER = 'xstate.after.';

export interface TransitionInfo {
  /** `<source state> <event>#<branch>`, e.g. `routing always#1`, `(machine) LOGOUT#0`, `loggingOut logout:done#0`. */
  id: string;
  /** The id plus guard and targets, for reports. */
  description: string;
}

export interface PlannedStep {
  event: AnyEventObject;
  /** The snapshot the model predicts after `event` (the first step is `xstate.init`). */
  state: AnyMachineSnapshot;
}

export const statePath = (node: AnyStateNode): string => node.path.join('.') || '(machine)';

/**
 * The states tests assert and coverage counts: every state node, or the root alone (`(machine)`) when the machine
 * has no states of its own — a queue that only reacts to events, like notifications, is still one state.
 */
export function countedStates(machine: AnyStateMachine): AnyStateNode[] {
  const nodes = getStateNodes(machine.root);
  return nodes.length ? nodes : [machine.root];
}

/** Invoke id → the name tests know it by: its explicit id, else its `src` (auto ids look like `0.session.loggingOut`). */
export function invokeNames(machine: AnyStateMachine): Map<string, string> {
  const names = new Map<string, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const inv of node.invoke) {
      const auto = /^\d+\./.test(inv.id);
      names.set(inv.id, auto && typeof inv.src === 'string' ? inv.src : inv.id);
    }
  }
  return names;
}

/** A readable name for an event type: `logout:done`, `logout:error`, `after:1000`, `always`, or the type itself. */
export function eventLabel(type: string, invokes: Map<string, string>): string {
  if (type === '') return 'always';
  if (type.startsWith(DONE)) return `${invokes.get(type.slice(DONE.length)) ?? type}:done`;
  if (type.startsWith(ERROR)) return `${invokes.get(type.slice(ERROR.length)) ?? type}:error`;
  // xstate.after.<delay>.<state id>: the delay is a number or a named delay, never containing a dot.
  if (type.startsWith(AFTER)) return `after:${type.slice(AFTER.length).split('.')[0]}`;
  return type;
}

/**
 * The branch index makes each guarded alternative its own transition. It is looked up on the transition's own
 * source node, so the id is the same whether the transition came from the machine or from a `.provide()`d copy
 * (provide rebuilds every state node, so object identity cannot be used).
 */
export function transitionId(t: AnyTransitionDefinition, invokes: Map<string, string>): string {
  const branches = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${statePath(t.source)} ${eventLabel(t.eventType, invokes)}#${branches.indexOf(t)}`;
}

/**
 * Every transition the machine defines: `on` (including invoke done/error and `after`, which xstate stores
 * there) and `always`, each guarded branch once. `toDirectedGraph` would miss `always`.
 */
export function transitionUniverse(machine: AnyStateMachine): TransitionInfo[] {
  const invokes = invokeNames(machine);
  const all: TransitionInfo[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const t of [...[...node.transitions.values()].flat(), ...(node.always ?? [])]) {
      const guard = t.guard === undefined ? '' : ` [${typeof t.guard === 'function' ? 'inline guard' : typeof t.guard === 'string' ? t.guard : t.guard.type}]`;
      const target = t.target?.map(statePath).join(', ') ?? '(no target)';
      const id = transitionId(t, invokes);
      if (all.some((other) => other.id === id)) throw new Error(`Two transitions named "${id}": give the invokes explicit ids`);
      all.push({ id, description: `${id}${guard} → ${target}` });
    }
  }
  return all;
}

/**
 * The events the traversal sends in each snapshot: for every event the active states handle, the test's samples
 * (several per type let guards see each branch), a done and an error per invoke (`invokeResults` samples by
 * name), and the `after` events. Other `xstate.*` events (done.state) are raised by the machine, never sent.
 * `titleOf` names an event in path titles, with the sample's index when its type has several.
 */
export function eventSamples(
  machine: AnyStateMachine,
  given: Record<string, AnyEventObject | AnyEventObject[]>,
  invokeResults: Record<string, { done?: unknown[]; error?: unknown[] }> = {},
) {
  const invokes = invokeNames(machine);
  const unknown = Object.keys(invokeResults).filter((name) => ![...invokes.values()].includes(name));
  if (unknown.length) throw new Error(`${machine.id} invokes no ${unknown.join(', ')}`);
  const titles = new WeakMap<AnyEventObject, string>();
  const samples = new Map<string, AnyEventObject[]>();
  const add = (type: string, events: AnyEventObject[]) => {
    events.forEach((e, i) => titles.set(e, eventLabel(type, invokes) + (events.length > 1 ? `[${i}]` : '')));
    samples.set(type, events);
  };
  for (const [type, events] of Object.entries(given)) add(type, Array.isArray(events) ? events : [events]);
  for (const [id, name] of invokes) {
    const results = invokeResults[name] ?? {};
    add(DONE + id, (results.done ?? [undefined]).map((output) => ({ type: DONE + id, output })));
    add(ERROR + id, (results.error ?? [new Error(`${name} failed (model path)`)]).map((error) => ({ type: ERROR + id, error })));
  }
  for (const t of [machine.root, ...getStateNodes(machine.root)].flatMap((n) => n.after)) add(t.eventType, [{ type: t.eventType }]);

  const eventsFor = (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
    // A machine that reached its final state ignores every event, but the graph would still follow its root's
    // handlers out of it (getNextSnapshot does not check the status): send nothing there.
    snapshot.status !== 'active' ? [] : [...new Set(snapshot._nodes.flatMap((n) => n.ownEvents as string[]))].flatMap((descriptor) => {
      if (descriptor.startsWith('xstate.') && !samples.has(descriptor)) return [];
      if (descriptor === '*' || descriptor.endsWith('.*')) {
        const prefix = descriptor.slice(0, -1);
        return [...samples].filter(([t]) => !t.startsWith('xstate.') && t.startsWith(prefix)).flatMap(([, s]) => s);
      }
      const found = samples.get(descriptor);
      if (!found) throw new Error(`${machine.id}: no sample for event ${descriptor}`);
      return found;
    });
  return { eventsFor, titleOf: (event: AnyEventObject) => titles.get(event) ?? event.type };
}

export interface PlanOptions {
  input: unknown;
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  limit: number;
}

/**
 * Paths that take every edge of the explored graph: the shortest path to each state, and for every (state,
 * event sample) pair that enables a transition, the shortest path to that state plus that event. Because each
 * sample is tried in each state, every guard branch some sample can enable gets taken. Paths that are a prefix
 * of another path are dropped: the longer one asserts every state the shorter one would.
 */
export function planPaths(machine: AnyStateMachine, options: PlanOptions): PlannedStep[][] {
  const traversal = { input: options.input, events: options.events, serializeState: options.serializeState, limit: options.limit };
  let adjacency: AdjacencyMap<AnyMachineSnapshot, AnyEventObject>;
  try {
    adjacency = getAdjacencyMap<AnyMachineSnapshot, AnyEventObject, unknown>(machine, traversal);
  } catch (err) {
    if (!String(err).includes('Traversal limit exceeded')) throw err;
    throw new Error(`${machine.id}: traversal limit exceeded: is the graph unbounded? Make serializeState drop counters`);
  }
  const shortest = new Map<string, PlannedStep[]>();
  for (const path of getShortestPaths(machine, traversal)) shortest.set(options.serializeState(path.state), path.steps);

  const candidates: PlannedStep[][] = [...shortest.values()];
  for (const { state, event, nextState } of adjacencyMapToArray(adjacency)) {
    const head = shortest.get(options.serializeState(state));
    // Skip events no transition accepts here (guard false, or not handled): nothing to test. A taken
    // transition that changes nothing (a self-loop without actions) must stay, so snapshots can't be compared.
    if (head && machine.getTransitionData(state, event).length) candidates.push([...head, { event, state: nextState }]);
  }
  return dropPrefixes(candidates);
}

function dropPrefixes(paths: PlannedStep[][]): PlannedStep[][] {
  const sequence = (path: PlannedStep[]) => path.map((s) => JSON.stringify(s.event));
  const kept: string[][] = [];
  const result: PlannedStep[][] = [];
  for (const path of [...paths].sort((a, b) => b.length - a.length)) {
    const seq = sequence(path);
    if (kept.some((longer) => seq.every((e, i) => longer[i] === e))) continue;
    kept.push(seq);
    result.push(path);
  }
  return result.sort((a, b) => a.length - b.length); // shortest first reads better in the test list
}
