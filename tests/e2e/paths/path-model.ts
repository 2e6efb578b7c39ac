/**
 * The machine side of the generated path tests (issue 27 item 2), shared by the generator (scripts/flows/path-plan.ts)
 * and the runner (run-paths.ts): which events a driver can cause, as the machine receives them, and what a step of a
 * path is. Pure: no Playwright, no Node, so a unit test can plan paths too.
 */
import { getInitialSnapshot, getNextSnapshot, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { DONE, ERROR, invokeNames, transitionId } from '../../../machines/graph/model-graph';

/** One way the person's event is sent: its fields besides `type` (none for a plain click). */
export type Payload = Record<string, unknown>;

/** One outcome of an invoked call, as the machine receives it, named for the paths file. */
export interface OutcomeModel {
  /** What makes it happen, in a few words: 'the sandbox texts the code', 'the server is unavailable'. */
  name: string;
  /** A done's output, or an error's value (an ApiFailure as the app's calls throw it). */
  value?: unknown;
  /**
   * Only in these states can the call end this way (default: whenever it runs): the server's answer follows from
   * what the path did before, such as the bytes of the file it chose.
   */
  possible?(during: AnyMachineSnapshot): boolean;
}

/** What the generator needs of a driver: the machine, where it starts, and the events and outcomes it can cause. */
export interface DriverModel {
  /** The catalogue entry's name (`phone-verification`): docs/flows/<name>.md, generated/<name>.paths.json. */
  name: string;
  /** The machine with stand-ins for its calls (the catalogue entry's `fake()`): what the graph and the runner replay. */
  machine: AnyStateMachine;
  input: unknown;
  /**
   * Other places the machine can start from, by name (the catalogue's inputs), when a person meets it in more than
   * one and no step leads from one to another without the app taking steps of its own (the session restored for an
   * account set up, or for one not yet): the generator also tries each, a path that starts from one names it
   * (`GeneratedPath.input`), and the driver's `start` is told which. Without a name, a path starts from `input`.
   */
  inputs?: Record<string, unknown>;
  /** The graph key of a snapshot (the catalogue entry's): states that differ only in counters are one. */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  /**
   * Per event type the person can cause, the payloads tried (default: one, without fields), and when the screen
   * offers no way to send it although the machine would take it (default: always possible).
   */
  events: Record<string, { samples?: Payload[]; possible?(before: AnyMachineSnapshot, payload: Payload): boolean }>;
  /** Per invoked actor (its atlas name: explicit invoke id, else its `src`), the outcomes the driver can bring about. */
  outcomes: Record<string, { done?: OutcomeModel[]; error?: OutcomeModel[] }>;
  /** Transition id → why no generated path takes it (not caused from the screen, or covered elsewhere: say where). */
  leftOut: Record<string, string>;
  /**
   * Events the app sends its machine by itself while a step's call runs (an upload's PROGRESS): no step names them,
   * and the runner passes over the transitions they take.
   */
  background?: string[];
}

/** One step of a path: the event the person causes, or the call's outcome the driver arranged; the transition it takes. */
export interface PathStep {
  /** An event type (`SEND_CODE`), or an outcome as the atlas labels it (`sendFirstCode:done`, `loadSetup:error`). */
  event: string;
  /** The event's fields, when it has some. */
  payload?: Payload;
  /** The outcome's name (`OutcomeModel.name`), for an outcome step. */
  outcome?: string;
  /** `<source state> <event>#<branch>`: the transition the machine must take (docs/flows/<name>.md). */
  transition: string;
}

export interface GeneratedPath {
  /** The transitions no hand-written browser test took that this path takes. */
  covers: string[];
  /** The driver's `inputs` entry the path starts from; none: its `input`. */
  input?: string;
  steps: PathStep[];
}

/** tests/e2e/paths/generated/<name>.paths.json. */
export interface PathsFile {
  '//': string;
  machine: string;
  driver: string;
  /** The transitions no hand-written browser test took when the file was generated (docs/flows/ui-coverage.json). */
  untakenByHandWrittenTests: string[];
  leftOut: Record<string, string>;
  paths: GeneratedPath[];
}

export const pathsFileName = (name: string) => `tests/e2e/paths/generated/${name}.paths.json`;
export const driverFileName = (name: string) => `tests/e2e/paths/drivers/${name}.driver.ts`;

/** How a step is sent to the machine, for the graph and for the runner's prediction. */
interface SampleEvent {
  event: AnyEventObject;
  step: Omit<PathStep, 'transition'>;
  /** An outcome's `possible`. */
  possible?: OutcomeModel['possible'];
}

/**
 * Every event object the driver can cause, built once (the graph compares them by identity), and the step each
 * stands for. An outcome becomes the done or error event of every invoke with that name.
 */
export function sampleEvents(model: DriverModel): SampleEvent[] {
  const samples: SampleEvent[] = [];
  for (const [type, { samples: payloads = [{}] }] of Object.entries(model.events)) {
    for (const payload of payloads) {
      samples.push({ event: { ...payload, type }, step: Object.keys(payload).length ? { event: type, payload } : { event: type } });
    }
  }
  const invokes = invokeNames(model.machine);
  const named = new Set(invokes.values());
  for (const [name, { done = [], error = [] }] of Object.entries(model.outcomes)) {
    if (!named.has(name)) throw new Error(`${model.name}: the machine invokes no "${name}"`);
    for (const [id, invoke] of invokes) {
      if (invoke !== name) continue;
      for (const o of done) samples.push({ event: { type: DONE + id, output: o.value }, step: { event: `${name}:done`, outcome: o.name }, possible: o.possible });
      for (const o of error) samples.push({ event: { type: ERROR + id, error: o.value }, step: { event: `${name}:error`, outcome: o.name }, possible: o.possible });
    }
  }
  return samples;
}

/**
 * The machine's event for a step of a paths file; an unknown event or outcome is a stale file. An outcome of a call
 * that two states invoke (a list's first read and its refresh) is one event per invoke: given the state before the
 * step, the one that takes the step's transition there.
 */
export function eventOfStep(model: DriverModel, step: PathStep, samples = sampleEvents(model), before?: AnyMachineSnapshot): AnyEventObject {
  const found = samples.filter(
    (s) => s.step.event === step.event && s.step.outcome === step.outcome && JSON.stringify(s.step.payload ?? {}) === JSON.stringify(step.payload ?? {}),
  );
  if (!found.length) throw new Error(`${model.name}: the driver has no ${step.outcome ? `outcome "${step.outcome}" of ${step.event}` : `event ${step.event} ${JSON.stringify(step.payload ?? {})}`}: regenerate with npm run flows:paths`);
  const here = before && found.find((s) => transitionTaken(model.machine, before, s.event) === step.transition);
  return (here ?? found[0]!).event;
}

/** Whether the person can send `sample` in `snapshot` from the screen (an outcome: whenever its call runs, unless it says). */
export function possibleOnScreen(model: DriverModel, snapshot: AnyMachineSnapshot, sample: SampleEvent): boolean {
  if (sample.step.outcome !== undefined) return sample.possible ? sample.possible(snapshot) : true;
  const possible = model.events[sample.step.event]?.possible;
  return possible ? possible(snapshot, sample.step.payload ?? {}) : true;
}

/** The one transition `event` takes in `snapshot` (null when none does); a step that takes two is not supported yet. */
export function transitionTaken(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): string | null {
  const taken = machine.getTransitionData(snapshot, event);
  if (taken.length > 1) throw new Error(`${machine.id}: ${event.type} takes ${taken.length} transitions at once (parallel states): not supported by the path generator yet`);
  return taken[0] ? transitionId(taken[0], invokeNames(machine)) : null;
}

/** Where a path starts: the driver's `inputs` entry it names, else its `input`. */
function startInput(model: DriverModel, name?: string): unknown {
  if (name === undefined) return model.input;
  if (!model.inputs || !(name in model.inputs)) throw new Error(`${model.name}: the driver has no input "${name}": regenerate with npm run flows:paths`);
  return model.inputs[name];
}

export const initialSnapshot = (model: DriverModel, input?: string): AnyMachineSnapshot => getInitialSnapshot(model.machine, startInput(model, input));

export const nextSnapshot = (model: DriverModel, snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyMachineSnapshot =>
  getNextSnapshot(model.machine, snapshot, event);

/** The state as the atlas writes it: `enteringCode.idle`, `confirm`. */
export function stateName(snapshot: AnyMachineSnapshot): string {
  const leaves = snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final');
  return leaves.map((node) => node.path.join('.')).join(', ') || '(machine)';
}

/** The actors the state's nodes invoke, by atlas name: while one runs the screen shows only its working words. */
export function invokedIn(model: DriverModel, snapshot: AnyMachineSnapshot): string[] {
  const names = invokeNames(model.machine);
  return snapshot._nodes.flatMap((node) => node.invoke.map((inv) => names.get(inv.id) ?? inv.id));
}
