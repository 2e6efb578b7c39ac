import { lazy, Suspense } from 'react';
import { css } from '../../../styled-system/css';
import type { MoneySummaryActors } from '../../../machines/money-summary.machine';

/**
 * The money chart (issue 26 item 1) as its own lazy chunk: Home and the profile paint without it, and its code
 * (the chart, its machine and view-model) is fetched when the card is first shown. The placeholder keeps its place,
 * so nothing below moves when it arrives. The page gives it its call (src/api/money-summary-calls.ts).
 */
const MoneyChart = lazy(() => import('./money-chart'));

const placeholder = css({ minH: '96', borderRadius: 'card', bg: 'bg.subtle' });

export function LazyMoneyChart({ userId, actors }: { userId: string; actors: MoneySummaryActors }) {
  return (
    <Suspense fallback={<div className={placeholder} aria-hidden="true" />}>
      <MoneyChart userId={userId} actors={actors} />
    </Suspense>
  );
}
