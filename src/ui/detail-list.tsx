import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';

const list = css({ mt: '4', display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' }, columnGap: '6', rowGap: '2' });
const term = css({ color: 'fg.muted', fontSize: 'sm' });
// Ids and addresses have no spaces: they wrap anywhere rather than widen the card.
const value = css({ fontWeight: 'medium', mb: { base: '2', sm: 0 }, overflowWrap: 'anywhere' });

export type DetailRow = [label: string, content: ReactNode];

/** A summary's label / value pairs as one definition list: stacked on phones, two columns from `sm`. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className={list}>
      {rows.map(([label, content]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={term}>{label}</dt>
          <dd className={value}>{content}</dd>
        </div>
      ))}
    </dl>
  );
}
