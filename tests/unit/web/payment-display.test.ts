import { describe, expect, it } from 'vitest';
import { pendingFirstSteps } from '../../../domain/first-steps';
import * as sample from '../../../machines/activity/samples';
import { PAYMENT_STATUSES } from '../../../machines/payment-lifecycle.machine';
import { counterparty, kindKey, signedCents, statusLabel } from '../../../src/ui/activity/payment-display';
import { formatSignedMoney } from '../../../src/lib/format';

describe('how a payment reads (spec 3/4)', () => {
  it('labels every status for each role with the spec’s names', () => {
    const labels = PAYMENT_STATUSES.flatMap((status) =>
      (['sender', 'receiver'] as const).map((role) => `${status}/${role}: ${statusLabel({ status, transaction_type: role })}`),
    );
    expect(labels).toEqual([
      'created/sender: created', 'created/receiver: created',
      'requested/sender: awaiting', 'requested/receiver: awaiting',
      'awaiting/sender: awaiting', 'awaiting/receiver: awaiting',
      'new/sender: pendingReply', 'new/receiver: actionRequired',
      'processing/sender: processing', 'processing/receiver: processing',
      'complete/sender: complete', 'complete/receiver: complete',
      'rejected/sender: rejected', 'rejected/receiver: rejected',
      'failed/sender: failed', 'failed/receiver: failed',
      'cancelled/sender: cancelled', 'cancelled/receiver: cancelled',
    ]);
    expect(statusLabel({ status: 'refunded' as never, transaction_type: 'sender' })).toBe('unknown');
  });

  it('names the other party and who asked or paid whom', () => {
    expect(counterparty(sample.myRequest).username).toBe('bo');
    expect(counterparty(sample.requestToMe).username).toBe('bo');
    expect(kindKey(sample.myRequest)).toBe('kind.requestedFrom');
    expect(kindKey(sample.requestToMe)).toBe('kind.requestedBy');
    expect(kindKey(sample.completeSend)).toBe('kind.sentTo');
    expect(kindKey(sample.pricePointToMe)).toBe('kind.receivedFrom');
  });

  it('signs amounts from the wire in cents, exactly', () => {
    expect(signedCents({ signed_amount: '-20.50' })).toBe(-2050);
    expect(signedCents({ signed_amount: '0.07' })).toBe(7);
    expect(formatSignedMoney(-2050, 'en')).toBe('-$20.50');
    expect(formatSignedMoney(2000, 'en')).toBe('+$20.00');
    expect(formatSignedMoney(0, 'en')).toBe('$0.00');
  });
});

describe('first-step cards', () => {
  it('show each step until it is done, and none the app cannot know', () => {
    expect(pendingFirstSteps({ emailVerified: false, hasMoney: false, hasCard: false, profileComplete: false })).toEqual([
      'verifyEmail', 'addMoney', 'addCard', 'completeProfile',
    ]);
    expect(pendingFirstSteps({ emailVerified: true, hasMoney: true, hasCard: true, profileComplete: true })).toEqual([]);
    expect(pendingFirstSteps({ emailVerified: true, hasMoney: null, hasCard: null, profileComplete: null })).toEqual([]);
  });
});
