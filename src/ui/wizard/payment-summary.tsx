import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';

const list = css({ display: 'grid', gap: '3', m: '0' });
const row = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '4', borderBottomWidth: '1px', borderColor: 'border.subtle', pb: '2' });
// The label takes what the value leaves: a value ("0,00 US$", "@a_long_username") keeps its width and breaks only
// when it alone is wider than the row, so an amount is never split across lines on a phone while its label wraps.
const term = css({ color: 'fg.muted', flex: '1 1 0', minWidth: '0' });
const value = css({ fontWeight: 'semibold', color: 'fg.default', textAlign: 'right', m: '0', flex: '0 1 auto', overflowWrap: 'anywhere' });

/** The lines of a payment (amount, transfer fee, total charge, method, status…), as a description list. */
export function PaymentSummary({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className={list}>
      {rows.map(([label, text]) => (
        <div key={label} className={row}>
          <dt className={term}>{label}</dt>
          <dd className={value}>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
