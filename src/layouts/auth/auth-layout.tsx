import { useRef, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { useFocusOnNavigate } from '../../lib/use-focus-on-navigate';
import { LanguageSelect } from '../../ui/language-select';
import { PageBoundary } from '../../ui/page-boundary';
import { SkipLink } from '../../ui/skip-link';
import { PromoPanel } from './promo-panel';

const frame = css({
  minH: '100dvh',
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
  gridTemplateRows: { base: 'auto 1fr', md: '1fr' },
  bg: 'bg.surface',
});

const side = css({ display: 'flex', flexDirection: 'column', minW: '0' });

const topBar = css({
  display: 'flex',
  justifyContent: 'flex-end',
  px: { base: '4', md: '8' },
  pt: { base: '3', md: '6' },
});

const main = css({
  flex: '1',
  display: 'flex',
  flexDirection: 'column',
  // Phones read from the top; large screens centre the form beside the panel.
  justifyContent: { base: 'flex-start', md: 'center' },
  w: 'full',
  maxW: 'md',
  mx: 'auto',
  px: { base: '5', md: '8' },
  py: { base: '8', md: '12' },
});

/** Spec 2's two-column auth layout: the promo panel beside the page (sign in, sign up, welcome, …). */
export function AuthLayout({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  return (
    <div className={frame}>
      <SkipLink />
      <PromoPanel />
      <div className={side}>
        <header className={topBar}>
          <LanguageSelect />
        </header>
        <main id="main" ref={mainRef} tabIndex={-1} className={main}>
          <PageBoundary>{children}</PageBoundary>
        </main>
      </div>
    </div>
  );
}
