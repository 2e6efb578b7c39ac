import { Component, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { css } from '../../styled-system/css';
import { button } from './button-styles';
import { pageLead, pageTitle } from './page-styles';
import { Spinner } from './spinner';

const wrapper = css({
  textAlign: 'center',
  py: '16',
  px: '4',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '6',
});

function PageErrorView() {
  const { t } = useTranslation();
  return (
    <div className={wrapper} role="alert">
      <div>
        <h1 className={pageTitle}>{t('routeError.title')}</h1>
        <p className={pageLead}>{t('routeError.body')}</p>
      </div>
      <button type="button" className={button()} onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </div>
  );
}

/**
 * Catches a page that cannot render (above all a ChunkLoadError, spec 8) and offers a reload instead of a
 * blank page, keeping the frame around it usable. A class because React has no hook for error boundaries.
 */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageErrorView /> : this.props.children;
  }
}

/**
 * Wraps a layout's page: a spinner while the page chunk and its strings load, the error view if it fails.
 * Keyed by path so a failure is forgotten when the user navigates elsewhere.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <PageErrorBoundary key={location}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
