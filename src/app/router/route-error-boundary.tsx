import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The last line: a layout chunk that cannot load (offline, or a deploy removed it). Pages have their own,
 * styled boundary inside each layout; this one must work with nothing but the entry chunk, so it is
 * styled by the few plain rules in index.css rather than by Panda's runtime.
 */
function AppErrorView() {
  const { t } = useTranslation();
  return (
    <div className="app-error" role="alert">
      <h1>{t('routeError.title')}</h1>
      <p>{t('routeError.body')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </div>
  );
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <AppErrorView /> : this.props.children;
  }
}
