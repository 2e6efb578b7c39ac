import { describe, expect, it } from 'vitest';
import { completeSend, myRequest, pricePointFromMe, pricePointToMe, requestToMe } from '../../../machines/activity/samples';
import { cardDeposit, usdtDeposit } from '../../../machines/deposits/samples';
import { receiptView, shortReference, type ReceiptLine } from '../../../machines/payments/receipt.view';

const UTC = { lang: 'en', timeZone: 'UTC' };
const line = (lines: ReceiptLine[], label: ReceiptLine['label']) => lines.find((l) => l.label === label)?.value;
const labels = (lines: ReceiptLine[]) => lines.map((l) => l.label);

describe('receipt view-model (issue 22 item 7)', () => {
  it('shortens a payment id to its first 8 characters, upper-cased', () => {
    expect(shortReference('510e0f9a-1b2c-4d3e-8f40-123456789abc')).toBe('510E0F9A');
    // An id whose first group is shorter than 8 still gives 8 characters (hyphens are not counted).
    expect(shortReference('ab-cdef0123')).toBe('ABCDEF01');
  });

  it('a payment I made: to whom, amount, fee, total, method, date and time, status, reference, details link', () => {
    const card = { ...completeSend, amount: '20.00', fee: '1.00', total_charge: '21.00', payment_method_id: 'card-1' };
    const view = receiptView({ kind: 'payment', payment: card, cardLabel: 'VISA ····4242' }, UTC);
    expect(view.headline).toEqual({ key: 'headline.paid', name: 'bo' });
    expect(view.amount).toBe('$20.00');
    expect(labels(view.lines)).toEqual(['to', 'amount', 'fee', 'total', 'method', 'date', 'status', 'reference']);
    expect(line(view.lines, 'to')).toEqual({ text: '@bo' });
    expect(line(view.lines, 'fee')).toEqual({ text: '$1.00' });
    expect(line(view.lines, 'total')).toEqual({ text: '$21.00' });
    expect(line(view.lines, 'method')).toEqual({ text: 'VISA ····4242' });
    expect(line(view.lines, 'date')).toEqual({ text: 'Jan 2, 2025, 12:00 PM' });
    expect(line(view.lines, 'status')).toEqual({ word: 'status.complete' });
    expect(view.status).toEqual({ word: 'status.complete', tone: 'green' });
    expect(view.reference).toBe('10000000');
    expect(view.details).toEqual({ page: 'payment', id: completeSend.payment_id });
  });

  it('names a card it has no label for as a card, and the balance as the balance', () => {
    const byCard = receiptView({ kind: 'payment', payment: { ...completeSend, payment_method_id: 'card-1' } }, UTC);
    expect(line(byCard.lines, 'method')).toEqual({ word: 'method.card' });
    expect(line(receiptView({ kind: 'payment', payment: completeSend }, UTC).lines, 'method')).toEqual({ word: 'method.balance' });
  });

  it('money I received: from whom, no fee or total (the payee never pays one)', () => {
    const view = receiptView({ kind: 'payment', payment: pricePointToMe }, UTC);
    expect(view.headline).toEqual({ key: 'headline.received', name: 'bo' });
    expect(labels(view.lines)).toEqual(['from', 'amount', 'method', 'date', 'status', 'reference']);
    expect(view.status).toEqual({ word: 'status.actionRequired', tone: 'blue' });
  });

  it('a request: who asked whom, not paid yet, awaiting payment', () => {
    const mine = receiptView({ kind: 'payment', payment: myRequest }, UTC);
    expect(mine.headline).toEqual({ key: 'headline.requested', name: 'bo' });
    expect(line(mine.lines, 'from')).toEqual({ text: '@bo' });
    expect(line(mine.lines, 'method')).toEqual({ word: 'method.none' });
    expect(mine.status).toEqual({ word: 'status.awaiting', tone: 'orange' });
    const theirs = receiptView({ kind: 'payment', payment: requestToMe }, UTC);
    expect(theirs.headline).toEqual({ key: 'headline.requestedBy', name: 'bo' });
    expect(line(theirs.lines, 'to')).toEqual({ text: '@bo' });
  });

  it('a held price-point purchase reads Pending Reply, never Complete', () => {
    expect(receiptView({ kind: 'payment', payment: pricePointFromMe }, UTC).status).toEqual({ word: 'status.pendingReply', tone: 'orange' });
  });

  it('formats money and the date in the user language', () => {
    const es = receiptView({ kind: 'payment', payment: completeSend }, { lang: 'es', timeZone: 'UTC' });
    expect(es.amount).toBe('20,00\u00a0US$');
    expect(line(es.lines, 'date')).toEqual({ text: '2 ene 2025, 12:00' });
    const pt = receiptView({ kind: 'payment', payment: completeSend }, { lang: 'pt', timeZone: 'UTC' });
    expect(pt.amount).toBe('US$\u00a020,00');
    expect(line(pt.lines, 'date')).toEqual({ text: '2 de jan. de 2025, 12:00' });
  });

  it('a card deposit: into the balance, the card named, fee and total, the deposit details', () => {
    const view = receiptView({ kind: 'deposit', deposit: cardDeposit('complete') }, UTC);
    expect(view.headline).toEqual({ key: 'headline.deposit', name: '' });
    expect(view.lines).toEqual([
      { label: 'to', value: { word: 'method.balance' } },
      { label: 'amount', value: { text: '$50.00' } },
      { label: 'fee', value: { text: '$2.50' } },
      { label: 'total', value: { text: '$52.50' } },
      { label: 'method', value: { text: 'VISA ····4242' } },
      { label: 'date', value: { text: 'Nov 21, 2026, 12:00 PM' } },
      { label: 'status', value: { word: 'status.complete' } },
      { label: 'reference', value: { text: '0B8F5B7E' } },
    ]);
    expect(view.details).toEqual({ page: 'deposit', id: 'dep-1' });
  });

  it('a USDT deposit still processing is grey, not the success green', () => {
    const view = receiptView({ kind: 'deposit', deposit: usdtDeposit('processing', 3) }, UTC);
    expect(line(view.lines, 'method')).toEqual({ word: 'method.usdt' });
    expect(view.status).toEqual({ word: 'status.processing', tone: 'grey' });
  });

  it('a withdrawal: to the account, from the balance, its details', () => {
    const view = receiptView(
      {
        kind: 'withdrawal',
        withdrawal: {
          id: 'wd-1',
          payment_id: 'fedcba98-0000-4000-8000-000000000001',
          created_at: '2025-01-02T12:00:00.000Z',
          status: 'created',
          destination_label: 'Chase ····6789',
          amount: '20.01',
          fee: '0.00',
          total: '20.01',
        },
      },
      UTC,
    );
    expect(view.headline).toEqual({ key: 'headline.withdrawal', name: 'Chase ····6789' });
    expect(labels(view.lines)).toEqual(['to', 'amount', 'fee', 'total', 'method', 'date', 'status', 'reference']);
    expect(line(view.lines, 'to')).toEqual({ text: 'Chase ····6789' });
    expect(line(view.lines, 'method')).toEqual({ word: 'method.balance' });
    expect(view.reference).toBe('FEDCBA98');
    expect(view.details).toEqual({ page: 'withdrawal', id: 'wd-1' });
  });

  it('an unknown status from a newer server reads Unknown', () => {
    const odd = { ...completeSend, status: 'paused' as never };
    expect(receiptView({ kind: 'payment', payment: odd }, UTC).status).toEqual({ word: 'status.unknown', tone: 'grey' });
  });
});
