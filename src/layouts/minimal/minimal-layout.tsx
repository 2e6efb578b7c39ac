import { useRef, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { useFocusOnNavigate } from '../../lib/use-focus-on-navigate';
import { LanguageSelect } from '../../ui/language-select';
import { Logo } from '../../ui/logo';
import { PageBoundary } from '../../ui/page-boundary';
import { SkipLink } from '../../ui/skip-link';

const frame = css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.canvas' });
const header = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  px: { base: '4', md: '8' },
  h: '16',
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
});
const main = css({ flex: '1', w: 'full', mx: 'auto', px: '4', py: { base: '8', md: '14' } });
const widths = { narrow: css({ maxW: 'xl' }), wide: css({ maxW: '8xl' }) };

/** A frame with no navigation, only the logo and the language: narrow for a form, wide for diagrams. */
export function MinimalFrame({ width, children }: { width: keyof typeof widths; children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  return (
    <div className={frame}>
      <SkipLink />
      <header className={header}>
        <Logo />
        <LanguageSelect />
      </header>
      <main id="main" ref={mainRef} tabIndex={-1} className={`${main} ${widths[width]}`}>
        <PageBoundary>{children}</PageBoundary>
      </main>
    </div>
  );
}

/** A focused frame with no navigation: for set-up, where no other page is reachable yet (spec 2). */
export function MinimalLayout({ children }: { children: ReactNode }) {
  return <MinimalFrame width="narrow">{children}</MinimalFrame>;
}
