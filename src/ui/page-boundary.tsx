import { Component, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { errorTexts } from './error-texts';
import { css } from '../../styled-system/css';
import { button } from './button-styles';
import { pageLead, pageTitle } from './page-styles';
import { Spinner } from './spinner';
import { useAfterHydration } from '../lib/after-hydration';

const wrapper = css({
  textAlign: 'center',
  py: '16',
  px: '4',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '6',
});

const actions = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '3' });

function PageErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  // Shown instead of a server-rendered page the app could not take over: it has taken the page over all the same.
  useAfterHydration();
  const texts = errorTexts(error);
  return (
    <div className={wrapper} role="alert">
      <div>
        <h1 className={pageTitle}>{t(texts.title)}</h1>
        <p className={pageLead}>{t(texts.body)}</p>
      </div>
      <div className={actions}>
        <button type="button" className={button()} onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        {/* A full page load: after a failure, home should start from a clean slate. */}
        <a href="/" className={button({ variant: 'outline' })}>
          {t('routeError.home')}
        </a>
      </div>
    </div>
  );
}

/**
 * Catches a page that cannot render (above all a ChunkLoadError, spec 8) and offers a reload and a way home
 * instead of a blank page, keeping the frame around it usable. A class: React has no hook for error boundaries.
 */
class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <PageErrorView error={this.state.error} /> : this.props.children;
  }
}

/** Inside the page's boundary, so its effect runs once the page itself is hydrated (src/lib/after-hydration.ts). */
function AfterHydration() {
  useAfterHydration();
  return null;
}

/**
 * Wraps a layout's page: a spinner while the page chunk and its strings load, the error view if it fails.
 * Keyed by path so a failure is forgotten when the user navigates elsewhere.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <PageErrorBoundary key={location}>
      <Suspense fallback={<Spinner />}>
        {children}
        <AfterHydration />
      </Suspense>
    </PageErrorBoundary>
  );
}
