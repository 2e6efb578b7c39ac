import { describe, expect, it } from 'vitest';
import { activityEntryView } from '../../../machines/activity/activity-entry.view';
import type { PaymentView } from '../../../machines/activity/payment-types';
import * as sample from '../../../machines/activity/samples';
import { PAYMENT_STATUSES } from '../../../machines/payment-lifecycle.machine';

const as = (p: PaymentView, status: PaymentView['status']): PaymentView => ({ ...p, status, payment_status: status });
const brief = (p: PaymentView) => {
  const v = activityEntryView(p);
  return `${v.sign} ${v.tone} ${v.label}`;
};

describe('activity entries tell the truth (issue 22 item 6)', () => {
  it('a plain payment: sign and colour only once complete, every status × side', () => {
    const sent = { ...sample.completeSend, description: null };
    const received: PaymentView = { ...sent, transaction_type: 'receiver', signed_amount: '20.00' };
    const table = PAYMENT_STATUSES.flatMap((status) => [`${status}/sender: ${brief(as(sent, status))}`, `${status}/receiver: ${brief(as(received, status))}`]);
    expect(table).toEqual([
      'created/sender: none neutral pending', 'created/receiver: none neutral pending',
      'requested/sender: none neutral requested', 'requested/receiver: none neutral requested',
      'awaiting/sender: none neutral pending', 'awaiting/receiver: none neutral pending',
      'new/sender: none neutral held', 'new/receiver: none neutral held',
      'processing/sender: none neutral pending', 'processing/receiver: none neutral pending',
      'complete/sender: minus out complete', 'complete/receiver: plus in complete',
      'rejected/sender: none muted rejected', 'rejected/receiver: none muted rejected',
      'failed/sender: none muted failed', 'failed/receiver: none muted failed',
      'cancelled/sender: none muted cancelled', 'cancelled/receiver: none muted cancelled',
    ]);
  });

  it('a request, both sides: Requested while open, muted Rejected or Cancelled, signed once paid', () => {
    const table = PAYMENT_STATUSES.flatMap((status) => [
      `${status}/payer: ${brief(as(sample.requestToMe, status))}`,
      `${status}/requester: ${brief(as(sample.myRequest, status))}`,
    ]);
    expect(table).toEqual([
      'created/payer: none neutral pending', 'created/requester: none neutral pending',
      'requested/payer: none neutral requested', 'requested/requester: none neutral requested',
      'awaiting/payer: none neutral pending', 'awaiting/requester: none neutral pending',
      'new/payer: none neutral held', 'new/requester: none neutral held',
      'processing/payer: none neutral pending', 'processing/requester: none neutral pending',
      'complete/payer: minus out complete', 'complete/requester: plus in complete',
      'rejected/payer: none muted rejected', 'rejected/requester: none muted rejected',
      'failed/payer: none muted failed', 'failed/requester: none muted failed',
      'cancelled/payer: none muted cancelled', 'cancelled/requester: none muted cancelled',
    ]);
  });

  it('a price point, both sides: Held with its deadline, Refunded when released, signed once claimed', () => {
    const table = PAYMENT_STATUSES.flatMap((status) => [
      `${status}/fan: ${brief(as(sample.pricePointFromMe, status))}`,
      `${status}/creator: ${brief(as(sample.pricePointToMe, status))}`,
    ]);
    expect(table).toEqual([
      'created/fan: none neutral pending', 'created/creator: none neutral pending',
      'requested/fan: none neutral requested', 'requested/creator: none neutral requested',
      'awaiting/fan: none neutral pending', 'awaiting/creator: none neutral pending',
      'new/fan: none neutral held', 'new/creator: none neutral held',
      'processing/fan: none neutral pending', 'processing/creator: none neutral pending',
      'complete/fan: minus out complete', 'complete/creator: plus in complete',
      'rejected/fan: none muted refunded', 'rejected/creator: none muted refunded',
      'failed/fan: none muted failed', 'failed/creator: none muted failed',
      'cancelled/fan: none muted refunded', 'cancelled/creator: none muted refunded',
    ]);
    // The creator is told when to reply by, the fan until when the money is held.
    expect(activityEntryView(sample.pricePointToMe).hold).toEqual({ key: 'entry.replyBy', at: '2025-01-05T12:00:00.000Z', left: null });
    expect(activityEntryView(sample.pricePointFromMe).hold).toEqual({ key: 'entry.heldUntil', at: '2025-01-05T12:00:00.000Z', left: null });
    expect(activityEntryView(as(sample.pricePointToMe, 'complete')).hold).toBeNull();
    expect(activityEntryView(sample.myRequest).hold).toBeNull();
  });

  it("a hold's time left as of the reader's clock, in the reader's language; none once it is up", () => {
    const deadline = Date.parse('2025-01-05T12:00:00.000Z');
    const hour = 60 * 60 * 1000;
    expect(activityEntryView(sample.pricePointToMe, { now: deadline - 50 * hour, lang: 'en' }).hold?.left).toBe('2 days');
    expect(activityEntryView(sample.pricePointFromMe, { now: deadline - 5 * hour - 1, lang: 'pt' }).hold?.left).toBe('5 horas');
    expect(activityEntryView(sample.pricePointFromMe, { now: deadline - 90_000, lang: 'es' }).hold?.left).toBe('2 minutos');
    expect(activityEntryView(sample.pricePointToMe, { now: deadline, lang: 'en' }).hold?.left).toBeNull();
    expect(activityEntryView(sample.myRequest, { now: deadline - hour, lang: 'en' }).hold).toBeNull();
  });

  it('a status from a newer server is neutral and Unknown, never signed', () => {
    expect(brief(as(sample.completeSend, 'refunded' as never))).toBe('none neutral unknown');
  });

  it('the amount is never negative: what leaves me (the total charge) or what reaches me', () => {
    expect(activityEntryView({ ...sample.completeSend, signed_amount: '-21.00' }).amountCents).toBe(2100);
    expect(activityEntryView(sample.myRequest).amountCents).toBe(2000);
  });

  it('says who paid or asked whom, and names what a price point bought', () => {
    expect(activityEntryView(sample.completeSend).headline).toEqual({ key: 'kind.sentTo', name: 'bo', media: null });
    expect(activityEntryView({ ...sample.completeSend, transaction_type: 'receiver', sender_username: 'cy' }).headline).toEqual({
      key: 'kind.receivedFrom',
      name: 'cy',
      media: null,
    });
    expect(activityEntryView(sample.myRequest).headline).toEqual({ key: 'kind.requestedFrom', name: 'bo', media: null });
    expect(activityEntryView(sample.requestToMe).headline).toEqual({ key: 'kind.requestedBy', name: 'bo', media: null });
    expect(activityEntryView(sample.pricePointToMe).headline).toEqual({ key: 'kind.soldTo', name: 'bo', media: 'photo' });
    expect(activityEntryView(sample.pricePointFromMe).headline).toEqual({ key: 'kind.boughtFrom', name: 'bo', media: 'video' });
  });

  it('carries the note, trimmed, and none when blank', () => {
    expect(activityEntryView(sample.myRequest).note).toBe('Dinner');
    expect(activityEntryView({ ...sample.myRequest, description: '  ' }).note).toBeNull();
    expect(activityEntryView({ ...sample.myRequest, description: null }).note).toBeNull();
  });

  it('offers Pay on the row only for an open request made of me (issue 22 item 11), the case the details page offers it in', () => {
    const offers = (p: PaymentView) => activityEntryView(p).canPay;
    // The payer's side of a request: Pay while it is Requested, never once it has moved on.
    expect(PAYMENT_STATUSES.filter((status) => offers(as(sample.requestToMe, status)))).toEqual(['requested']);
    // The requester, a price point and a plain payment never offer it, whatever their status.
    for (const p of [sample.myRequest, sample.pricePointFromMe, sample.pricePointToMe, { ...sample.completeSend, transaction_type: 'sender' as const }]) {
      expect(PAYMENT_STATUSES.filter((status) => offers(as(p, status)))).toEqual([]);
    }
  });
});
