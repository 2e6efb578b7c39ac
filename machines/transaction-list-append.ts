import type { PaymentView } from './activity/payment-types';

/**
 * The rows after one more page of the activity list: `items` then the page's payments not already shown. A payment
 * created while the user scrolls shifts older ones onto the next page, so a page can repeat rows already shown.
 *
 * The check looks the page's few ids up while walking the rows shown, newest last (where repeats are), and stops
 * once every id of the page is found: it used to build a Set of every id shown (10,000 strings allocated and
 * hashed per page at the end of a long scroll) to look up 20.
 */
export function appendNewPayments(items: readonly PaymentView[], page: readonly PaymentView[]): PaymentView[] {
  const pending = new Set(page.map((p) => p.payment_id));
  const repeated = new Set<string>();
  for (let i = items.length - 1; i >= 0 && pending.size > 0; i--) {
    const id = items[i]!.payment_id;
    if (pending.delete(id)) repeated.add(id);
  }
  return items.concat(repeated.size === 0 ? page : page.filter((p) => !repeated.has(p.payment_id)));
}

/**
 * The rows after the first page was read again (a live update, issue 23.4): the page as it is now, then the rows
 * shown after the page's range (the rows within its range that it no longer holds left this tab). A payment that
 * changed shows its new state; a new one comes first.
 */
export function refreshFirstPage(items: readonly PaymentView[], page: readonly PaymentView[]): PaymentView[] {
  // The tab has no payment any more.
  if (page.length === 0) return [];
  const onPage = new Set(page.map((p) => p.payment_id));
  const oldestOnPage = page.at(-1);
  // Rows shown that fell in the page's range but are not on it any more (moved to another tab) are dropped.
  const cut = items.findIndex((p) => p.payment_id === oldestOnPage!.payment_id);
  const rest = cut >= 0 ? items.slice(cut + 1) : items.filter((p) => !onPage.has(p.payment_id));
  return page.concat(rest.filter((p) => !onPage.has(p.payment_id)));
}
