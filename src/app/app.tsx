import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { NotificationHost } from '../ui/notifications/notification-host';
import { NotificationsContext } from '../ui/notifications/notifications-context';
import { ApiProvider } from './providers/api-provider';
import { logoutRequest } from './providers/logout-request';
import { SessionProvider } from './providers/session-provider';
import { AppRouter } from './router/app-router';
import { LazyAppServices } from './services/lazy-app-services';

/** The composition root: every machine gets its browser effects here, views below only render state. */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <NotificationsContext.Provider>
        <SessionProvider logoutRequest={logoutRequest}>
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
