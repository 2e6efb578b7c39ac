import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import {
  DEPOSIT_STATUSES,
  nextDepositStatus,
  PENDING_DEPOSIT_STATUSES,
  type DepositEvent,
  type DepositStatus,
  type depositLifecycleMachine,
  type TransferRole,
} from '../../machines/transfer-lifecycle.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

type EventType = DepositEvent['type'];
/** A deposit_events line as server/wallet/transfer-lifecycle.ts writes it. */
interface TrailLine {
  from: DepositStatus | null;
  to: DepositStatus;
  event: EventType | 'CREATE';
}
type Ctx = StepContext<typeof depositLifecycleMachine, { trail: TrailLine[] }>;

/**
 * docs/money.md, "Deposits": from each status, the events the server applies (always as the system: a provider's
 * answer or a job) and where they lead. Written out here so the machine is held to the documented table.
 */
const ACCEPTS: Record<DepositStatus, Array<[EventType, DepositStatus]>> = {
  created: [
    ['AUTHORISED', 'processing'],
    ['CONFIRMING', 'processing'],
    ['FAILED', 'failed'],
  ],
  processing: [
    ['CAPTURED', 'complete'],
    ['CONFIRMED', 'complete'],
    ['FAILED', 'failed'],
  ],
  complete: [],
  failed: [],
};
const EVENT_TYPES: EventType[] = ['AUTHORISED', 'CAPTURED', 'CONFIRMING', 'CONFIRMED', 'FAILED'];
const ROLES: TransferRole[] = ['owner', 'system'];

/** Being in `status`: the trail so far, exactly the documented events from here (only the system's), pending or not. */
function means(status: DepositStatus) {
  return ({ snapshot, event, step, fakes }: Ctx) => {
    expect(snapshot.value).toBe(status);
    const { trail } = fakes;
    if (step === 'init') {
      expect(trail).toEqual([]);
      trail.push({ from: null, to: 'created', event: 'CREATE' });
    } else {
      const { type } = event as DepositEvent;
      const from = trail.at(-1)!.to;
      expect(ACCEPTS[from], `${type} from ${from}`).toContainEqual([type, status]);
      expect(nextDepositStatus(from, event as DepositEvent), 'what the server would ask the machine').toBe(status);
      trail.push({ from, to: status, event: type });
    }
    for (const type of EVENT_TYPES) {
      for (const role of ROLES) {
        const documented = role === 'system' ? (ACCEPTS[status].find(([t]) => t === type)?.[1] ?? null) : null;
        expect(nextDepositStatus(status, { type, role }), `${status}: ${type} by ${role}`).toBe(documented);
      }
    }
    const final = ACCEPTS[status].length === 0;
    expect(snapshot.status).toBe(final ? 'done' : 'active');
    // "Being processed" in the lists is exactly the statuses that can still move.
    expect(PENDING_DEPOSIT_STATUSES.includes(status)).toBe(!final);
  };
}

describeModel('deposit lifecycle machine (model-based)', {
  ...fromCatalogue(catalogue['deposit-lifecycle']),
  setup: () => ({ machine: catalogue['deposit-lifecycle'].fake(), fakes: { trail: [] as TrailLine[] } }),
  states: {
    created: (ctx) => means('created')(ctx),
    processing: (ctx) => means('processing')(ctx),
    complete: (ctx) => means('complete')(ctx),
    failed: (ctx) => means('failed')(ctx),
  },
});

expect([...DEPOSIT_STATUSES].sort()).toEqual(Object.keys(ACCEPTS).sort());
