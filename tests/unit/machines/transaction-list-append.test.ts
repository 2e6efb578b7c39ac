import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { firstOfTwoPages } from '../../../machines/activity/samples';
import { appendNewPayments, refreshFirstPage } from '../../../machines/transaction-list-append';

const sample = firstOfTwoPages.results[0]!;
/** A payment with the given id and creation instant (seconds past a fixed day; a shared second is a tie). */
const payment = (n: number, second: number): PaymentView => ({
  ...sample,
  payment_id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  created_at: new Date(Date.UTC(2025, 0, 2) + second * 1000).toISOString(),
});
/** The server's order: newest first, then the larger id (server/payments/views.ts `listPayments`). */
const serverOrder = (a: PaymentView, b: PaymentView) =>
  a.created_at === b.created_at ? (a.payment_id < b.payment_id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;
const ids = (xs: readonly PaymentView[]) => xs.map((p) => p.payment_id);

describe('appendNewPayments', () => {
  it('appends a page that repeats nothing as it is', () => {
    const shown = [payment(3, 30), payment(2, 20)];
    expect(ids(appendNewPayments(shown, [payment(1, 10), payment(0, 0)]))).toEqual(ids([payment(3, 30), payment(2, 20), payment(1, 10), payment(0, 0)]));
  });

  it('drops the rows a newer payment pushed onto the next page, even within the same second', () => {
    const shown = [payment(5, 40), payment(4, 30), payment(3, 30)];
    // Two payments arrived at the top: the next page starts with the last two rows already shown.
    const next = [payment(4, 30), payment(3, 30), payment(2, 30), payment(1, 10)];
    expect(ids(appendNewPayments(shown, next))).toEqual(ids([payment(5, 40), payment(4, 30), payment(3, 30), payment(2, 30), payment(1, 10)]));
  });

  it('shows an empty page as no change, and does not change the rows it was given', () => {
    const shown = [payment(1, 10)];
    const after = appendNewPayments(shown, []);
    expect(after).toEqual(shown);
    expect(after).not.toBe(shown);
    appendNewPayments(shown, [payment(0, 0)]);
    expect(shown).toHaveLength(1);
  });

  it('scrolling while payments arrive shows every payment once and loses none', () => {
    fc.assert(
      fc.property(
        // Creation seconds of the payments there at the start (small range: many ties), page size, arrivals per page.
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 0, maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 0, maxLength: 20 }),
        (seconds, size, arrivals) => {
          let server = seconds.map((s, n) => payment(n, s)).sort(serverOrder);
          const initial = ids(server);
          let next = 1000;
          let shown: PaymentView[] = [];
          for (let page = 0; page * size < server.length; page++) {
            shown = appendNewPayments(shown, server.slice(page * size, (page + 1) * size));
            // New payments are the newest: they go on top and push everything down.
            const newcomers = Array.from({ length: arrivals[page] ?? 0 }, () => payment(next++, 100 + next));
            server = [...newcomers, ...server].sort(serverOrder);
          }
          const shownIds = ids(shown);
          expect(new Set(shownIds).size).toBe(shownIds.length);
          // The payments there from the start, in the server's order (newcomers may land among them when more
          // arrive than rows were shown: they are not lost, and not repeated either).
          expect(shownIds.filter((id) => initial.includes(id))).toEqual(initial);
        },
      ),
    );
  });
});

describe('refreshFirstPage (a live update, issue 23.4)', () => {
  it('puts a new payment on top and keeps the older rows shown, each once', () => {
    const shown = [payment(3, 30), payment(2, 20), payment(1, 10), payment(0, 0)];
    const page = [payment(4, 40), payment(3, 30)];
    expect(ids(refreshFirstPage(shown, page))).toEqual(ids([payment(4, 40), payment(3, 30), payment(2, 20), payment(1, 10), payment(0, 0)]));
  });

  it("shows a changed payment's new state in place", () => {
    const shown = [payment(2, 20), payment(1, 10)];
    const changed = { ...payment(2, 20), payment_status: 'complete' } as PaymentView;
    const out = refreshFirstPage(shown, [changed, payment(1, 10)]);
    expect(out[0]).toBe(changed);
    expect(out).toHaveLength(2);
  });

  it("drops a row of the page's range that left the tab (a pending payment completed, on the Pending tab)", () => {
    const shown = [payment(3, 30), payment(2, 20), payment(1, 10), payment(0, 0)];
    expect(ids(refreshFirstPage(shown, [payment(3, 30), payment(1, 10)]))).toEqual(ids([payment(3, 30), payment(1, 10), payment(0, 0)]));
  });

  it('an empty first page (the tab emptied) leaves no row', () => {
    expect(refreshFirstPage([payment(1, 10)], [])).toEqual([]);
  });
});
