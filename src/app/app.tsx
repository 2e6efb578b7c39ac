import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { useHydrated } from '../lib/use-hydrated';
import { whenIdle } from '../lib/when-idle';
import { NotificationHost } from '../ui/notifications/notification-host';
import { ApiProvider } from './providers/api-provider';
import { AppRouter } from './router/app-router';
import { loadRuntime, useRuntime } from './runtime/runtime';
import { RuntimeLoaderContext } from './runtime/runtime-loader-context';
import { RuntimeProvider } from './runtime/runtime-provider';
import { LazyAppServices } from './services/lazy-app-services';

/**
 * The composition root: every machine gets its browser effects here (the runtime, src/app/runtime), views below
 * only render state. The landing and information pages render before the runtime has started; it is loaded when
 * the browser is idle, or at once by the first page that needs it.
 */
export function App() {
  const runtime = useRuntime();
  // The services load their code when the browser is idle: a server render (and its hydration) leaves them out.
  const hydrated = useHydrated();
  useEffect(() => {
    void whenIdle()
      .then(loadRuntime)
      .catch(() => {
        // Offline: the first page that needs the runtime asks again and offers a reload if it cannot.
      });
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <RuntimeLoaderContext.Provider value={loadRuntime}>
        <RuntimeProvider runtime={runtime}>
          <ApiProvider runtime={runtime}>
            <AppRouter runtime={runtime} />
            {runtime && <NotificationHost />}
            {runtime && hydrated && <LazyAppServices />}
          </ApiProvider>
        </RuntimeProvider>
      </RuntimeLoaderContext.Provider>
    </I18nextProvider>
  );
}
