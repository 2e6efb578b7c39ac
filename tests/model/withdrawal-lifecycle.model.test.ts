import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import {
  nextWithdrawalStatus,
  PENDING_WITHDRAWAL_STATUSES,
  withdrawalActions,
  WITHDRAWAL_STATUSES,
  type TransferRole,
  type WithdrawalEvent,
  type withdrawalLifecycleMachine,
  type WithdrawalStatus,
} from '../../machines/transfer-lifecycle.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

type EventType = WithdrawalEvent['type'];
/** A withdrawal_events line as server/wallet/transfer-lifecycle.ts writes it. */
interface TrailLine {
  from: WithdrawalStatus | null;
  to: WithdrawalStatus;
  event: EventType | 'CREATE';
  by: TransferRole | null;
}
type Ctx = StepContext<typeof withdrawalLifecycleMachine, { trail: TrailLine[] }>;

/**
 * docs/money.md, "Withdrawals": from each status, the calls the server accepts (event, whose) and where they lead.
 * The owner only cancels, and only before the withdrawal is sent; everything else is the payout job's.
 */
const ACCEPTS: Record<WithdrawalStatus, Array<[EventType, TransferRole, WithdrawalStatus]>> = {
  created: [
    ['SUBMIT', 'system', 'processing'],
    ['CANCEL', 'owner', 'cancelled'],
  ],
  processing: [
    ['PAID', 'system', 'complete'],
    ['FAILED', 'system', 'failed'],
    ['REJECTED', 'system', 'rejected'],
  ],
  complete: [],
  failed: [],
  rejected: [],
  cancelled: [],
};
const EVENT_TYPES: EventType[] = ['SUBMIT', 'PAID', 'FAILED', 'REJECTED', 'CANCEL'];
const ROLES: TransferRole[] = ['owner', 'system'];

/** Being in `status`: the trail, exactly the documented calls from here, what the owner is offered, pending or not. */
function means(status: WithdrawalStatus, offers: 'cancel'[]) {
  return ({ snapshot, event, step, fakes }: Ctx) => {
    expect(snapshot.value).toBe(status);
    const { trail } = fakes;
    if (step === 'init') {
      expect(trail).toEqual([]);
      trail.push({ from: null, to: 'created', event: 'CREATE', by: null });
    } else {
      const { type, role } = event as WithdrawalEvent;
      const from = trail.at(-1)!.to;
      expect(ACCEPTS[from], `${type} by ${role} from ${from}`).toContainEqual([type, role, status]);
      expect(nextWithdrawalStatus(from, event as WithdrawalEvent), 'what the server would ask the machine').toBe(status);
      trail.push({ from, to: status, event: type, by: role });
    }
    for (const type of EVENT_TYPES) {
      for (const role of ROLES) {
        const documented = ACCEPTS[status].find(([t, r]) => t === type && r === role)?.[2] ?? null;
        expect(nextWithdrawalStatus(status, { type, role }), `${status}: ${type} by ${role}`).toBe(documented);
      }
    }
    const final = ACCEPTS[status].length === 0;
    expect(snapshot.status).toBe(final ? 'done' : 'active');
    expect(PENDING_WITHDRAWAL_STATUSES.includes(status)).toBe(!final);
    expect(withdrawalActions(status), 'offered to the owner').toEqual(offers);
  };
}

describeModel('withdrawal lifecycle machine (model-based)', {
  ...fromCatalogue(catalogue['withdrawal-lifecycle']),
  setup: () => ({ machine: catalogue['withdrawal-lifecycle'].fake(), fakes: { trail: [] as TrailLine[] } }),
  states: {
    created: (ctx) => means('created', ['cancel'])(ctx),
    processing: (ctx) => means('processing', [])(ctx),
    complete: (ctx) => means('complete', [])(ctx),
    failed: (ctx) => means('failed', [])(ctx),
    rejected: (ctx) => means('rejected', [])(ctx),
    cancelled: (ctx) => means('cancelled', [])(ctx),
  },
});

expect([...WITHDRAWAL_STATUSES].sort()).toEqual(Object.keys(ACCEPTS).sort());
