import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterHydration } from '../../lib/after-hydration';
import { errorTexts } from '../../ui/error-texts';

/**
 * The last line: a layout chunk that cannot load (offline, or a deploy removed it), or anything else that
 * escaped the page boundaries. It must work with nothing but the entry chunk, so it is styled by the few plain
 * rules in index.css rather than by Panda's runtime; the way home is a full page load, which starts clean.
 */
function AppErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  // Shown instead of a server-rendered page the app could not take over: it has taken the page over all the same.
  useAfterHydration();
  const texts = errorTexts(error);
  return (
    <div className="app-error" role="alert">
      <h1>{t(texts.title)}</h1>
      <p>{t(texts.body)}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
      <a href="/">{t('routeError.home')}</a>
    </div>
  );
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <AppErrorView error={this.state.error} /> : this.props.children;
  }
}
