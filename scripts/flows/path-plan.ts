/**
 * Plans the generated path tests of one driven machine (issue 27 item 2): for every transition no hand-written
 * browser test took (docs/flows/ui-coverage.json), the shortest path from the machine's start that takes it, over
 * the events and call outcomes its driver can cause (tests/e2e/paths/drivers/<name>.driver.ts). The graph is
 * xstate's (`getAdjacencyMap`, `getShortestPaths` from xstate/graph); a transition the driver leaves out is not an
 * edge, so no path goes through it, nor is an event the screen cannot send in that state (`possible`). A driver
 * with other `inputs` has each path start from the one nearest to it (its `input` on a tie). Deterministic: the same
 * machine, driver and coverage give the same paths.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, type TraversalOptions } from 'xstate/graph';
import { transitionUniverse } from '../../machines/graph/model-graph';
import { possibleOnScreen, sampleEvents, transitionTaken, type DriverModel, type GeneratedPath, type PathStep } from '../../tests/e2e/paths/path-model';

export interface PathPlan {
  /** The machine's transitions no hand-written test took, in the atlas's order. */
  untaken: string[];
  paths: GeneratedPath[];
  /** Untaken, not left out, and no path of the driver's events reaches it: the driver needs a sample or a reason. */
  unreachable: string[];
}

/** Big enough for the pilots' graphs (a few hundred states); a bigger one means serializeState keeps a counter. */
const LIMIT = 20_000;

export function planPaths(model: DriverModel, takenByHand: ReadonlySet<string>): PathPlan {
  const { machine } = model;
  const universe = transitionUniverse(machine).map((t) => t.id);
  const strangers = Object.keys(model.leftOut).filter((id) => !universe.includes(id));
  if (strangers.length) throw new Error(`${model.name}: left out but not a transition of the machine: ${strangers.join(', ')}`);
  const untaken = universe.filter((id) => !takenByHand.has(id));
  const wanted = untaken.filter((id) => !(id in model.leftOut));

  const samples = sampleEvents(model);
  const stepOf = new Map<AnyEventObject, Omit<PathStep, 'transition'>>(samples.map((s) => [s.event, s.step]));
  const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
    // A finished machine takes nothing more (the graph would still follow its root's handlers); an event that takes no
    // transition here, or one the driver leaves out, is no edge.
    snapshot.status !== 'active'
      ? []
      : samples
          .filter((sample) => {
            const id = transitionTaken(machine, snapshot, sample.event);
            return id !== null && !(id in model.leftOut) && possibleOnScreen(model, snapshot, sample);
          })
          .map((sample) => sample.event);
  function toStep(source: AnyMachineSnapshot, event: AnyEventObject): PathStep {
    return { ...stepOf.get(event)!, transition: transitionTaken(machine, source, event)! };
  }

  // Each place the machine starts from (`input`, then the driver's `inputs` by name): a path starts from one.
  const starts: Array<[string | undefined, unknown]> = [[undefined, model.input], ...Object.entries(model.inputs ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))];
  const best = new Map<string, Candidate>();
  for (const [input, value] of starts) {
    const traversal: TraversalOptions<AnyMachineSnapshot, AnyEventObject, unknown> = {
      input: value,
      events,
      serializeState: (snapshot) => model.serializeState(snapshot),
      limit: LIMIT,
    };
    const stepsTo = new Map<string, PathStep[]>();
    for (const path of getShortestPaths(machine, traversal)) {
      // steps[0] is xstate.init; each later step's source is the state before it.
      const steps = path.steps.slice(1).map((step, i) => toStep(path.steps[i]!.state, step.event));
      stepsTo.set(model.serializeState(path.state), steps);
    }
    for (const { state, event } of adjacencyMapToArray(getAdjacencyMap(machine, traversal))) {
      const id = transitionTaken(machine, state, event);
      const head = stepsTo.get(model.serializeState(state));
      if (id === null || !wanted.includes(id) || !head) continue;
      const candidate: Candidate = { input, steps: [...head, toStep(state, event)] };
      const known = best.get(id);
      if (!known || shorterFirst(candidate, known) < 0) best.set(id, candidate);
    }
  }

  // One test per path: a path another one (from the same start) starts with is dropped, its transitions counted by the longer one.
  const chosen = [...best.values()].sort((a, b) => shorterFirst(b, a));
  const kept: Candidate[] = [];
  for (const path of chosen) if (!kept.some((longer) => longer.input === path.input && startsWith(longer.steps, path.steps))) kept.push(path);
  const order = (id: string) => universe.indexOf(id);
  const paths = kept
    .map(({ input, steps }) => ({
      covers: [...new Set(steps.map((s) => s.transition).filter((id) => wanted.includes(id)))].sort((a, b) => order(a) - order(b)),
      ...(input === undefined ? {} : { input }),
      steps,
    }))
    .sort((a, b) => byAtlasOrder(a.covers.map(order), b.covers.map(order)));
  return { untaken, paths, unreachable: wanted.filter((id) => !best.has(id)) };
}

/** A path to a wanted transition, and where it starts (a driver's `inputs` entry; none: its `input`). */
interface Candidate {
  input: string | undefined;
  steps: PathStep[];
}

const key = (steps: PathStep[]) => JSON.stringify(steps);

/** Paths in the order of the transitions they cover (the atlas's order), the first differing one deciding. */
function byAtlasOrder(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * Fewer steps first; among equals, the driver's `input` before its named inputs (in name order), then the one whose
 * JSON sorts first (by code point, the same on every machine).
 */
function shorterFirst(a: Candidate, b: Candidate): number {
  if (a.steps.length !== b.steps.length) return a.steps.length - b.steps.length;
  const [ia, ib] = [a.input === undefined ? '' : ` ${a.input}`, b.input === undefined ? '' : ` ${b.input}`];
  if (ia !== ib) return ia < ib ? -1 : 1;
  const [ka, kb] = [key(a.steps), key(b.steps)];
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

const startsWith = (longer: PathStep[], shorter: PathStep[]) =>
  shorter.length <= longer.length && shorter.every((step, i) => key([step]) === key([longer[i]!]));
