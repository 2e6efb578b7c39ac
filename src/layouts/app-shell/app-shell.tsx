import { useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { css, cva } from '../../../styled-system/css';
import { MOBILE_BREAKPOINT_PX, WIDE_BREAKPOINT_PX } from '../../../domain/limits';
import { PAYMENT_PATH } from '../../config/paths';
import { useMediaQuery } from '../../lib/use-media-query';
import { useFocusOnNavigate } from '../../lib/use-focus-on-navigate';
import { isActivePath } from '../../ui/nav-link';
import { PageBoundary } from '../../ui/page-boundary';
import { SkipLink } from '../../ui/skip-link';
import { BottomBar } from './bottom-bar';
import { Breadcrumbs } from './breadcrumbs';
import { MobileTopBar } from './mobile-top-bar';
import { ProfileSummaryProvider } from './profile-summary-context';
import { RightSidebar } from './right-sidebar';
import { TabBar } from './tab-bar';

const shell = css({
  minH: '100dvh',
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '15rem minmax(0, 1fr)', lg: '16rem minmax(0, 1fr) 20rem' },
  bg: 'bg.canvas',
});

const column = css({ display: 'flex', flexDirection: 'column', minW: '0' });

const content = cva({
  base: {
    w: 'full',
    maxW: '3xl',
    mx: 'auto',
    px: { base: '4', md: '8' },
    pt: { base: '5', md: '8' },
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
  },
  variants: {
    // Room for the fixed bottom bar on phones, except where it is hidden.
    bottomBar: {
      true: { pb: { base: '28', md: '12' } },
      false: { pb: { base: '8', md: '12' } },
    },
  },
});

const main = css({ display: 'flex', flexDirection: 'column' });

/**
 * The signed-in app shell (spec 2): tab bar ≥ 768 px, bottom bar below, right sidebar ≥ 1024 px. The bars of the
 * other widths are not rendered at all (their CSS hides them too): on a phone the tab bar and the sidebar were half
 * of the shell's first render, at 4× CPU on the path to every signed-in page's first paint. A page rendered by the
 * server has every bar (the server cannot know the width; CSS shows the right ones), and so does the render that
 * hydrates it; the browser then drops the others.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  const [location] = useLocation();
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const widest = useMediaQuery(`(min-width: ${WIDE_BREAKPOINT_PX}px)`);
  useFocusOnNavigate(mainRef);
  return (
    <ProfileSummaryProvider>
      <div className={shell}>
        <SkipLink />
        {wide !== false ? <TabBar /> : null}
        <div className={column}>
          {wide !== true ? <MobileTopBar /> : null}
          <div className={content({ bottomBar: !isActivePath(PAYMENT_PATH, location) })}>
            <Breadcrumbs />
            <main id="main" ref={mainRef} tabIndex={-1} className={main}>
              <PageBoundary>{children}</PageBoundary>
            </main>
          </div>
        </div>
        {widest !== false ? <RightSidebar /> : null}
        {wide !== true ? <BottomBar /> : null}
      </div>
    </ProfileSummaryProvider>
  );
}
