import { css } from '../../../styled-system/css';

const list = css({ display: 'grid', gap: '3', m: '0' });
const row = css({ display: 'flex', justifyContent: 'space-between', gap: '4', borderBottomWidth: '1px', borderColor: 'border.subtle', pb: '2' });
const term = css({ color: 'fg.muted' });
const value = css({ fontWeight: 'semibold', color: 'fg.default', textAlign: 'right', m: '0', overflowWrap: 'anywhere' });

/** The lines of a payment before it is made (amount, transfer fee, total charge, method…), as a description list. */
export function PaymentSummary({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
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
