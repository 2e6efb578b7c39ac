import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';

const list = css({ display: 'grid', gap: '3', m: '0' });
const row = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '4', borderBottomWidth: '1px', borderColor: 'border.subtle', pb: '2' });
const term = css({ color: 'fg.muted' });
const value = css({ fontWeight: 'semibold', color: 'fg.default', textAlign: 'right', m: '0', overflowWrap: 'anywhere' });

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
