import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { completeSend, pricePointFromMe, pricePointToMe } from '../../../machines/activity/samples';
import { checkoutResult, checkoutView } from '../../../machines/payments/checkout.view';
import { CARD_HOLD_MS as HOLD_MS } from '../../../domain/limits';
import { formatDeadline, formatTimeLeft, holdView } from '../../../machines/payments/hold.view';
import type { SendPaymentContext } from '../../../machines/send-payment.machine';

const UTC = { lang: 'en', timeZone: 'UTC' };
const withStatus = (p: PaymentView, status: PaymentView['status']): PaymentView => ({ ...p, status, payment_status: status });
/** Wed 25 Nov 2026, 14:05 UTC: the hold of a payment made now ends Sat 28 Nov, 14:05. */
const NOW = Date.UTC(2026, 10, 25, 14, 5);
const maya = { userId: 'u-maya', username: 'maya', fullName: 'Maya Draws', photo: '/api/media/avatar/u-maya?k=1' };
const sketch = { id: 'pp-1', description: 'Custom pet sketch', mediaType: 'photo' as const, price: '25.00' };

function checkout(overrides: Partial<SendPaymentContext> = {}) {
  return { item: sketch, recipient: maya, amount: '25.00', methodId: 'balance', today: NOW, sent: null, ...overrides };
}

describe('checkout view-model (issue 22 item 5)', () => {
  it('names the item, the creator, the brief and the terms with the deadline (now plus the 72-hour hold)', () => {
    expect(HOLD_MS).toBe(72 * 60 * 60 * 1000);
    expect(checkoutView(checkout(), UTC)).toEqual({
      creator: { username: 'maya', fullName: 'Maya Draws', photo: maya.photo },
      item: { title: 'Custom pet sketch', media: 'photo', priceCents: 25_00 },
      briefLabel: { key: 'checkout.briefLabel', username: 'maya' },
      terms: { key: 'checkout.terms.photo', username: 'maya', deadline: 'Sat, Nov 28, 2:05 PM' },
      payCents: 25_00,
    });
  });

  it('says video for a video, and the button charges a card its 5% fee', () => {
    const view = checkoutView(checkout({ item: { ...sketch, mediaType: 'video' }, methodId: 'card-1' }), UTC)!;
    expect(view.terms.key).toBe('checkout.terms.video');
    expect(view.item.media).toBe('video');
    expect(view.payCents).toBe(26_25);
  });

  it('formats the deadline in the user’s language', () => {
    expect(checkoutView(checkout(), { lang: 'es', timeZone: 'UTC' })!.terms.deadline).toBe('sáb, 28 nov, 14:05');
    expect(checkoutView(checkout(), { lang: 'pt', timeZone: 'UTC' })!.terms.deadline).toBe('sáb., 28 de nov., 14:05');
  });

  it('is no checkout without an item (a plain payment) or before the creator is known', () => {
    expect(checkoutView(checkout({ item: null }), UTC)).toBeNull();
    expect(checkoutView(checkout({ recipient: null }), UTC)).toBeNull();
  });

  it('paid: waiting for the creator’s photo until the deadline the server answered', () => {
    const sent = { paymentId: 'pay-1', status: 'new', amount: '25.00', fee: '0.00', totalCharge: '25.00', holdExpiresAt: '2026-11-28T13:00:00.000Z' };
    expect(checkoutResult(checkout({ sent }), UTC)).toEqual({
      title: { key: 'checkout.paid.photo', username: 'maya' },
      deadline: { key: 'checkout.refundBy', deadline: 'Sat, Nov 28, 1:00 PM' },
    });
    // An answer without the deadline: the screen's own estimate.
    expect(checkoutResult(checkout({ sent: { ...sent, holdExpiresAt: null } }), UTC)!.deadline.deadline).toBe('Sat, Nov 28, 2:05 PM');
    expect(checkoutResult(checkout(), UTC)).toBeNull();
    expect(checkoutResult(checkout({ item: null, sent }), UTC)).toBeNull();
  });
});

describe('hold view-model (issue 22 item 5)', () => {
  const heldUntil = Date.parse(pricePointFromMe.hold_expires_at!);

  it('the time left in its largest whole unit, in the user’s language; nothing when none is left', () => {
    expect(formatTimeLeft(2 * 24 * 3600_000 + 5 * 3600_000, 'en')).toBe('2 days');
    expect(formatTimeLeft(24 * 3600_000, 'en')).toBe('1 day');
    expect(formatTimeLeft(5 * 3600_000 + 59 * 60_000, 'es')).toBe('5 horas');
    expect(formatTimeLeft(90_000, 'pt')).toBe('2 minutos');
    expect(formatTimeLeft(1, 'en')).toBe('1 minute');
    expect(formatTimeLeft(0, 'en')).toBeNull();
    expect(formatTimeLeft(-5, 'en')).toBeNull();
  });

  it('the fan: held, with the deadline and the time left', () => {
    expect(holdView(pricePointFromMe, heldUntil - 50 * 3600_000, UTC)).toEqual({
      kind: 'held',
      creator: 'bo',
      media: 'video',
      deadline: formatDeadline(pricePointFromMe.hold_expires_at!, UTC),
      left: '2 days',
    });
    expect(formatDeadline(pricePointFromMe.hold_expires_at!, UTC)).toBe('Sun, Jan 5, 12:00 PM');
  });

  it('the creator: reply by the deadline', () => {
    expect(holdView(pricePointToMe, heldUntil - 3 * 3600_000, UTC)).toMatchObject({ kind: 'replyBy', media: 'photo', deadline: 'Sun, Jan 5, 12:00 PM', left: '3 hours' });
  });

  it('past the deadline before the job released it: the deadline, and no time left', () => {
    expect(holdView(pricePointFromMe, heldUntil + 1, UTC)).toMatchObject({ kind: 'held', left: null });
  });

  it('refunded once the hold was released (the 72 hours ran out, or the creator declined)', () => {
    expect(holdView(withStatus(pricePointFromMe, 'cancelled'), heldUntil + 1, UTC)).toEqual({ kind: 'refunded' });
    expect(holdView(withStatus(pricePointToMe, 'rejected'), heldUntil, UTC)).toEqual({ kind: 'refunded' });
  });

  it('nothing for a claimed price point or any other payment', () => {
    expect(holdView(withStatus(pricePointFromMe, 'complete'), heldUntil, UTC)).toBeNull();
    expect(holdView(withStatus(pricePointFromMe, 'processing'), heldUntil, UTC)).toBeNull();
    expect(holdView(completeSend, heldUntil, UTC)).toBeNull();
    expect(holdView(withStatus(completeSend, 'cancelled'), heldUntil, UTC)).toBeNull();
  });
});
