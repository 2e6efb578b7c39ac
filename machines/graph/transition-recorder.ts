/**
 * The transitions a running actor system takes, named as the flow atlas names them: an inspector (xstate's `inspect`
 * option) that turns each microstep into one record per transition taken, with the same id model coverage counts
 * (model-graph.ts `transitionId`), so a transition taken in the browser and one taken by a model test are the same row.
 *
 * Records carry names only (machine, states, event label), never an event's payload or a snapshot's context: what a
 * person typed does not leave the page through them.
 */
import type { InspectionEvent } from 'xstate';
import { machineMicrosteps } from './machine-microstep';
import { eventLabel, statePath, transitionId } from './model-graph';

export interface RecordedTransition {
  /** The machine's id (`session`, `sendPayment`): the catalogue entry whose `machine.id` it is. */
  machine: string;
  /** `<source> <event>#<branch>`, as in docs/flows/<name>.md and coverage.md. */
  transition: string;
  /** The source state's path (`loggingOut`, `(machine)` for the root). */
  source: string;
  /** `SIGNED_IN`, `always`, `logout:done`, `after:1000`. */
  event: string;
  /** The target states' paths; empty for a transition that stays. */
  targets: string[];
}

/** An inspector that calls `record` for every transition any machine actor of the system takes. */
export function transitionRecorder(record: (taken: RecordedTransition) => void): (event: InspectionEvent) => void {
  const microstepOf = machineMicrosteps();
  return (inspected) => {
    const step = microstepOf(inspected);
    if (!step) return;
    const { logic, invokes, event } = step;
    for (const t of event._transitions) {
      record({
        machine: logic.id,
        transition: transitionId(t, invokes),
        source: statePath(t.source),
        event: eventLabel(t.eventType, invokes),
        targets: (t.target ?? []).map(statePath),
      });
    }
  };
}
