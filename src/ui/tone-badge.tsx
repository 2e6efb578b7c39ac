import type { ReactNode } from 'react';
import { cva } from '../../styled-system/css';

// Text colours are the 800 shades on their 50/100 tints: every pair is above 4.5:1.
const badge = cva({
  base: { display: 'inline-flex', alignItems: 'center', px: '2', py: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'semibold', whiteSpace: 'nowrap' },
  variants: {
    tone: {
      green: { bg: 'green.50', color: 'green.800' },
      orange: { bg: 'orange.50', color: 'orange.800' },
      red: { bg: 'red.50', color: 'red.800' },
      grey: { bg: 'gray.100', color: 'gray.800' },
      blue: { bg: 'brand.50', color: 'brand.800' },
    },
  },
});

export type BadgeTone = 'green' | 'orange' | 'red' | 'grey' | 'blue';

/** A status pill in one of the spec's colours; the tone is also in data-tone (what the browser tests read). */
export function ToneBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={badge({ tone })} data-tone={tone}>
      {children}
    </span>
  );
}
