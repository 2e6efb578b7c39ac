import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { invokeNames } from './model-graph';

type Microstep = Extract<InspectionEvent, { type: '@xstate.microstep' }>;

/** One microstep of a machine actor, with the names the atlas gives its invoked actors. */
export interface MachineMicrostep {
  logic: AnyStateMachine;
  invokes: Map<string, string>;
  event: Microstep;
}

/**
 * Reads the inspection events of an actor system (xstate's `inspect` option) as machine microsteps: null for any
 * other event and for a promise or callback actor's. Shared by the transition recorder and the flow explorer's
 * broadcaster, so both name a transition the same way.
 */
export function machineMicrosteps(): (event: InspectionEvent) => MachineMicrostep | null {
  // invokeNames walks every state node: once per machine (provide()d copies are machines of their own).
  const names = new WeakMap<AnyStateMachine, Map<string, string>>();
  return (event) => {
    if (event.type !== '@xstate.microstep') return null;
    const logic = (event.actorRef as { logic?: unknown }).logic as AnyStateMachine | undefined;
    if (!logic || typeof logic.getStateNodeById !== 'function') return null;
    let invokes = names.get(logic);
    if (!invokes) names.set(logic, (invokes = invokeNames(logic)));
    return { logic, invokes, event };
  };
}
