import { useMemo, type ReactNode } from 'react';
import { ApiDepsContext } from '../../api/api-deps-context';
import type { ApiClientDeps } from '../../api/client';
import { i18n } from '../../i18n/i18n';
import { NotificationsContext } from '../../ui/notifications/notifications-context';
import { SessionContext } from './session-context';

/**
 * Connects the API client's reactions to the app: 401s go to the session machine, failures to the
 * notification queue, `lang` follows i18next. Pages get the client with `useApi()`.
 */
export function ApiProvider({ children }: { children: ReactNode }) {
  const session = SessionContext.useActorRef();
  const notifications = NotificationsContext.useActorRef();
  const deps = useMemo<ApiClientDeps>(() => {
    // Only a signed-in session can be ended by a 401; a visitor's 401 is an ordinary failure to show.
    const endSession = (type: 'UNAUTHORIZED' | 'SESSION_EXPIRED') => {
      if (session.getSnapshot().context.user === null) return false;
      session.send({ type });
      return true;
    };
    return {
      getLang: () => i18n.resolvedLanguage ?? i18n.language,
      onUnauthorized: () => endSession('UNAUTHORIZED'),
      onSessionExpired: () => endSession('SESSION_EXPIRED'),
      notifyError: (message) => notifications.send({ type: 'NOTIFY', kind: 'error', message }),
      genericMessage: () => i18n.t('errors:generic'),
    };
  }, [session, notifications]);
  return <ApiDepsContext.Provider value={deps}>{children}</ApiDepsContext.Provider>;
}
