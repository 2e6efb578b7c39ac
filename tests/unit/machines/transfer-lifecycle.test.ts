import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_STATUSES,
  WITHDRAWAL_STATUSES,
  depositLifecycleMachine,
  nextDepositStatus,
  nextWithdrawalStatus,
  withdrawalActions,
  withdrawalLifecycleMachine,
  type DepositEvent,
  type WithdrawalEvent,
} from '../../../machines/transfer-lifecycle.machine';

/** Every edge of a machine's config as "from -EVENT-> to". */
function edges(machine: typeof depositLifecycleMachine | typeof withdrawalLifecycleMachine): string[] {
  return Object.entries(machine.config.states ?? {}).flatMap(([from, node]) =>
    Object.entries((node as { on?: Record<string, { target: string }> }).on ?? {}).map(([event, t]) => `${from} -${event}-> ${t.target}`),
  );
}

describe('deposit lifecycle machine (design.md §4: created → processing → complete | failed)', () => {
  it('has exactly the documented transitions, all by the system', () => {
    expect(edges(depositLifecycleMachine).sort()).toEqual(
      [
        'created -AUTHORISED-> processing',
        'created -CONFIRMING-> processing',
        'created -FAILED-> failed',
        'processing -CAPTURED-> complete',
        'processing -CONFIRMED-> complete',
        'processing -FAILED-> failed',
      ].sort(),
    );
    for (const line of edges(depositLifecycleMachine)) {
      const [from, rest] = line.split(' -') as [string, string];
      const [event, to] = rest.split('-> ') as [string, string];
      const e = { type: event, role: 'system' } as DepositEvent;
      expect(nextDepositStatus(from as never, e), line).toBe(to);
      expect(nextDepositStatus(from as never, { ...e, role: 'owner' }), `${line} by the owner`).toBeNull();
    }
  });

  it('complete and failed are final; nothing skips processing', () => {
    for (const status of ['complete', 'failed'] as const) {
      for (const type of ['AUTHORISED', 'CAPTURED', 'CONFIRMING', 'CONFIRMED', 'FAILED'] as const) {
        expect(nextDepositStatus(status, { type, role: 'system' })).toBeNull();
      }
    }
    expect(nextDepositStatus('created', { type: 'CAPTURED', role: 'system' })).toBeNull();
    expect(nextDepositStatus('created', { type: 'CONFIRMED', role: 'system' })).toBeNull();
    expect(DEPOSIT_STATUSES).toEqual(['created', 'processing', 'complete', 'failed']);
  });
});

describe('withdrawal lifecycle machine (created → processing → complete | failed | rejected; cancelled while created)', () => {
  it('has exactly the documented transitions; only the owner cancels, only the system moves it on', () => {
    expect(edges(withdrawalLifecycleMachine).sort()).toEqual(
      [
        'created -CANCEL-> cancelled',
        'created -SUBMIT-> processing',
        'processing -FAILED-> failed',
        'processing -PAID-> complete',
        'processing -REJECTED-> rejected',
      ].sort(),
    );
    const sys = (type: WithdrawalEvent['type']): WithdrawalEvent => ({ type, role: 'system' });
    expect(nextWithdrawalStatus('created', { type: 'CANCEL', role: 'owner' })).toBe('cancelled');
    expect(nextWithdrawalStatus('created', sys('CANCEL'))).toBeNull();
    expect(nextWithdrawalStatus('created', { type: 'SUBMIT', role: 'owner' })).toBeNull();
    expect(nextWithdrawalStatus('processing', { type: 'CANCEL', role: 'owner' })).toBeNull();
    expect(nextWithdrawalStatus('processing', sys('PAID'))).toBe('complete');
    expect(nextWithdrawalStatus('processing', sys('FAILED'))).toBe('failed');
    expect(nextWithdrawalStatus('processing', sys('REJECTED'))).toBe('rejected');
    expect(nextWithdrawalStatus('created', sys('PAID'))).toBeNull();
    for (const final of ['complete', 'failed', 'rejected', 'cancelled'] as const) {
      for (const type of ['SUBMIT', 'PAID', 'FAILED', 'REJECTED'] as const) expect(nextWithdrawalStatus(final, sys(type))).toBeNull();
      expect(withdrawalActions(final)).toEqual([]);
    }
    expect(withdrawalActions('created')).toEqual(['cancel']);
    expect(withdrawalActions('processing')).toEqual([]);
    expect(WITHDRAWAL_STATUSES).toHaveLength(6);
  });
});
