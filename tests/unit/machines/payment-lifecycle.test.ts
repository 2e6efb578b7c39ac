import { describe, expect, it } from 'vitest';
import {
  availableActions,
  nextPaymentStatus,
  PAYMENT_STATUSES,
  REMINDER_INTERVAL_MS,
  type PaymentEvent,
} from '../../../machines/payment-lifecycle.machine';

const H = 60 * 60 * 1000;

describe('payment lifecycle machine', () => {
  it('allows the transitions of design.md §4 for the right role', () => {
    expect(nextPaymentStatus('created', { type: 'PAY_FROM_BALANCE', role: 'sender' })).toBe('complete');
    expect(nextPaymentStatus('created', { type: 'AUTHORISE_CARD', role: 'sender' })).toBe('awaiting');
    expect(nextPaymentStatus('awaiting', { type: 'CAPTURED', role: 'system' })).toBe('complete');
    expect(nextPaymentStatus('awaiting', { type: 'CARD_DECLINED', role: 'system' })).toBe('failed');
    expect(nextPaymentStatus('created', { type: 'REQUEST', role: 'receiver' })).toBe('requested');
    expect(nextPaymentStatus('requested', { type: 'PAY', role: 'sender' })).toBe('complete');
    expect(nextPaymentStatus('requested', { type: 'CANCEL', role: 'receiver' })).toBe('cancelled');
    expect(nextPaymentStatus('requested', { type: 'DECLINE', role: 'sender' })).toBe('rejected');
    expect(nextPaymentStatus('requested', { type: 'REMIND', role: 'receiver', now: 0, lastReminderAt: null })).toBe('requested');
    expect(nextPaymentStatus('created', { type: 'HOLD_FUNDS', role: 'sender' })).toBe('new');
    expect(nextPaymentStatus('new', { type: 'REPLY_WITH_MEDIA', role: 'receiver' })).toBe('processing');
    expect(nextPaymentStatus('processing', { type: 'CAPTURED', role: 'system' })).toBe('complete');
    expect(nextPaymentStatus('new', { type: 'DECLINE', role: 'receiver' })).toBe('rejected');
    expect(nextPaymentStatus('new', { type: 'EXPIRE', role: 'system' })).toBe('cancelled');
  });

  it('refuses the wrong party', () => {
    expect(nextPaymentStatus('requested', { type: 'PAY', role: 'receiver' })).toBeNull();
    expect(nextPaymentStatus('requested', { type: 'CANCEL', role: 'sender' })).toBeNull();
    expect(nextPaymentStatus('requested', { type: 'REMIND', role: 'sender', now: 0, lastReminderAt: null })).toBeNull();
    expect(nextPaymentStatus('new', { type: 'REPLY_WITH_MEDIA', role: 'sender' })).toBeNull();
    expect(nextPaymentStatus('new', { type: 'DECLINE', role: 'sender' })).toBeNull();
    expect(nextPaymentStatus('new', { type: 'EXPIRE', role: 'receiver' })).toBeNull();
  });

  it('allows one reminder per 24 hours', () => {
    const remind = (now: number, last: number | null): PaymentEvent => ({ type: 'REMIND', role: 'receiver', now, lastReminderAt: last });
    expect(nextPaymentStatus('requested', remind(10 * H, 10 * H - REMINDER_INTERVAL_MS + 1))).toBeNull();
    expect(nextPaymentStatus('requested', remind(10 * H, 10 * H - REMINDER_INTERVAL_MS))).toBe('requested');
  });

  it('final statuses accept nothing', () => {
    const events: PaymentEvent[] = [
      { type: 'PAY', role: 'sender' },
      { type: 'CANCEL', role: 'receiver' },
      { type: 'DECLINE', role: 'receiver' },
      { type: 'DECLINE', role: 'sender' },
      { type: 'CAPTURED', role: 'system' },
      { type: 'EXPIRE', role: 'system' },
      { type: 'REPLY_WITH_MEDIA', role: 'receiver' },
    ];
    for (const status of ['complete', 'rejected', 'failed', 'cancelled'] as const) {
      for (const event of events) expect(nextPaymentStatus(status, event), `${status} ${event.type}`).toBeNull();
    }
    expect(PAYMENT_STATUSES).toHaveLength(9);
  });

  it('offers each party the actions the spec shows', () => {
    expect(availableActions('requested', 'receiver', 0, null)).toEqual(['cancel', 'remind']);
    expect(availableActions('requested', 'sender', 0, null)).toEqual(['pay', 'decline']);
    expect(availableActions('new', 'receiver', 0, null)).toEqual(['decline', 'reply']);
    expect(availableActions('new', 'sender', 0, null)).toEqual([]);
    expect(availableActions('complete', 'sender', 0, null)).toEqual([]);
  });
});
