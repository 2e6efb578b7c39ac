import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { NotificationHost } from '../ui/notifications/notification-host';
import { NotificationsContext } from '../ui/notifications/notifications-context';
import { ApiProvider } from './providers/api-provider';
import { SessionProvider } from './providers/session-provider';
import { sessionRequests } from './providers/session-requests';
import { AppRouter } from './router/app-router';
import { LazyAppServices } from './services/lazy-app-services';
import { appInspect } from '../lib/app-inspector';

/** The composition root: every machine gets its browser effects here, views below only render state. */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <NotificationsContext.Provider options={{ inspect: appInspect }}>
        <SessionProvider requests={sessionRequests}>
          <ApiProvider>
            <AppRouter />
            <NotificationHost />
            <LazyAppServices />
          </ApiProvider>
        </SessionProvider>
      </NotificationsContext.Provider>
    </I18nextProvider>
  );
}
