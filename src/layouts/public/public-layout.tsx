import { useRef, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { useFocusOnNavigate } from '../../lib/use-focus-on-navigate';
import { PageBoundary } from '../../ui/page-boundary';
import { SkipLink } from '../../ui/skip-link';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

const page = css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.surface' });
const main = css({ flex: '1', display: 'flex', flexDirection: 'column' });

/** The frame of the marketing pages and the pages that skip the auth layout (spec 2). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  return (
    <div className={page}>
      <SkipLink />
      <PublicHeader />
      <main id="main" ref={mainRef} tabIndex={-1} className={main}>
        <PageBoundary>{children}</PageBoundary>
      </main>
      <PublicFooter />
    </div>
  );
}
