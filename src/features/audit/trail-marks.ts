import type { PaymentAudit } from '../../../machines/audit.machine';
import type { DiagramMarks } from '../../ui/machine-diagram/flow-graph-marks';

/**
 * A trail as marks on the payment-lifecycle diagram: each step's number on the transition it took (ids as in
 * docs/flows: `<from> <EVENT>#0`, the lifecycle has one branch per event), every status it reached, the last
 * status as current. CREATE is the way into `created`, not a transition of the machine.
 */
export function trailMarks(trail: PaymentAudit['trail']): DiagramMarks {
  const steps = new Map<string, number[]>();
  trail.forEach((step, i) => {
    if (step.from_status === null) return;
    const id = `${step.from_status} ${step.event}#0`;
    steps.set(id, [...(steps.get(id) ?? []), i + 1]);
  });
  const last = trail.at(-1);
  return { steps, visited: new Set(trail.map((s) => s.to_status)), active: new Set(last ? [last.to_status] : []) };
}
