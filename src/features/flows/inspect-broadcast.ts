import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { machineMicrosteps } from '../../../machines/graph/machine-microstep';
import { transitionId } from '../../../machines/graph/model-graph';
import { nodeId } from '../../ui/machine-diagram/flow-graph';
import { INSPECT_CHANNEL, type InspectMessage } from './inspect-channel';

/** Turns the app's microsteps into InspectMessages on the inspection channel (see src/lib/app-inspector.ts). */
export function inspectBroadcaster(): (event: InspectionEvent) => void {
  const channel = new BroadcastChannel(INSPECT_CHANNEL);
  const microstepOf = machineMicrosteps();
  return (inspected) => {
    const step = microstepOf(inspected);
    if (!step) return;
    const { logic, invokes, event } = step;
    const snapshot = event.snapshot as { _nodes?: Array<{ path: string[]; machine: AnyStateMachine }> };
    const own = (snapshot._nodes ?? []).filter((n) => n.path.length > 0).map((n) => nodeId(n as never));
    const message: InspectMessage = {
      machineId: logic.id,
      sessionId: event.actorRef.sessionId,
      active: own.length ? own : [logic.id],
      taken: event._transitions.map((t) => transitionId(t, invokes)),
      event: event.event.type,
      at: Date.now(),
    };
    channel.postMessage(message);
  };
}
