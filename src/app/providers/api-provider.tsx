import { useMemo, type ReactNode } from 'react';
import { ApiDepsContext } from '../../api/api-deps-context';
import type { ApiClientDeps } from '../../api/client';
import { i18n } from '../../i18n/i18n';
import type { Runtime } from '../runtime/runtime';

/**
 * Connects the API client's reactions to the app: 401s go to the session machine, failures to the
 * notification queue, `lang` follows i18next. Pages get the client with `useApi()`; none that calls the server
 * renders before the runtime has started, so until then there is nothing to provide.
 */
export function ApiProvider({ runtime, children }: { runtime: Runtime | null; children: ReactNode }) {
  const deps = useMemo<ApiClientDeps | null>(() => {
    if (!runtime) return null;
    const { session, notifications } = runtime;
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
  }, [runtime]);
  return <ApiDepsContext.Provider value={deps}>{children}</ApiDepsContext.Provider>;
}
