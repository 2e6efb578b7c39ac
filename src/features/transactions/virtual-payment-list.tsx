import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { ROW_ESTIMATE_PX, ROW_OVERSCAN } from '../../../domain/activity-list';
import { TransactionRow } from '../../ui/activity/transaction-row';

const frame = css({ position: 'relative' });
const list = css({ position: 'absolute', top: 0, left: 0, w: 'full', listStyle: 'none', m: 0, p: 0 });

// Module-level, so its identity never changes between renders (see getItemKey below).
const estimateSize = () => ROW_ESTIMATE_PX;

/**
 * The rows of the activity list, virtualised on the window's scroll (spec 9: 43 px estimated per row, 5 extra rows
 * above and below): only what is on screen is in the DOM, so a list of thousands scrolls like one of ten. Each row
 * is measured once shown, so the estimate only places rows not yet seen. `onEndVisible` fires when the sentinel
 * after the last row scrolls into view (the next page).
 *
 * The rows flow one under the other inside a list moved as a whole to the first row's place, instead of each row
 * carrying its own `translateY`: a style attribute unique to each row made Chromium compute every new row's style
 * (and that of everything inside it) from scratch rather than reuse the style of a row like it — ~6× the style
 * work per row mounted, and the scroll's longest tasks (docs/performance.md "Lists").
 */
export function VirtualPaymentList({ items, label, onEndVisible }: { items: PaymentView[]; label: string; onEndVisible: () => void }) {
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);
  // The virtualizer recomputes the position of every row (O(rows loaded)) whenever one of its options changes
  // identity: a new arrow function on each render made every scroll frame of a 10,000-row list walk all 10,000.
  // Stable per list of items, it walks them once per page loaded.
  const getItemKey = useCallback((index: number) => items[index]?.payment_id ?? index, [items]);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize,
    overscan: ROW_OVERSCAN,
    scrollMargin: offset,
    getItemKey,
    // Scroll updates render in React's next batch instead of synchronously inside each scroll event: several
    // events of one fast scroll make one render, not one render each.
    useFlushSync: false,
  });

  const onEnd = useRef(onEndVisible);
  onEnd.current = onEndVisible;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onEnd.current();
    });
    // Observing again after each page reports the sentinel's current state: a short page leaves it on screen,
    // and no scroll would ever tell the observer so.
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [items.length]);

  const rows = virtualizer.getVirtualItems();
  const top = (rows[0]?.start ?? virtualizer.options.scrollMargin) - virtualizer.options.scrollMargin;
  return (
    <>
      <div ref={listRef} className={frame} style={{ height: virtualizer.getTotalSize() }}>
        <ul className={list} aria-label={label} style={{ transform: `translateY(${top}px)` }}>
          {rows.map((row) => {
            const payment = items[row.index];
            if (!payment) return null;
            return (
              <li key={row.key} data-index={row.index} ref={virtualizer.measureElement}>
                <TransactionRow payment={payment} />
              </li>
            );
          })}
        </ul>
      </div>
      <div ref={sentinelRef} aria-hidden="true" style={{ height: 1 }} />
    </>
  );
}
