import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { ROW_ESTIMATE_PX, ROW_OVERSCAN } from '../../../domain/activity-list';
import { TransactionRow } from './transaction-row';

const list = css({ position: 'relative', listStyle: 'none', m: 0, p: 0 });
const item = css({ position: 'absolute', top: 0, left: 0, w: 'full' });

// Module-level, so its identity never changes between renders (see getItemKey below).
const estimateSize = () => ROW_ESTIMATE_PX;

/**
 * The rows of the activity list, virtualised on the window's scroll (spec 9: 43 px estimated per row, 5 extra rows
 * above and below): only what is on screen is in the DOM, so a list of thousands scrolls like one of ten. Each row
 * is measured once shown, so the estimate only places rows not yet seen. `onEndVisible` fires when the sentinel
 * after the last row scrolls into view (the next page).
 */
export function VirtualPaymentList({ items, label, onEndVisible }: { items: PaymentView[]; label: string; onEndVisible: () => void }) {
  const listRef = useRef<HTMLUListElement>(null);
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

  return (
    <>
      <ul ref={listRef} className={list} aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const payment = items[row.index];
          if (!payment) return null;
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className={item}
              style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            >
              <TransactionRow payment={payment} />
            </li>
          );
        })}
      </ul>
      <div ref={sentinelRef} aria-hidden="true" style={{ height: 1 }} />
    </>
  );
}
