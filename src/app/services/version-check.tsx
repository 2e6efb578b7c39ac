import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { versionCheckMachine } from '../../../machines/version-check.machine';
import { versionCheckView } from '../../../machines/version-check.view';
import { versionCalls } from '../../api/version-calls';
import { createVersionClient, VersionCheckError } from '../../api/version-client';
import { i18n } from '../../i18n/i18n';
import { NotificationsContext } from '../../ui/notifications/notifications-context';
import { appInspect } from '../../lib/app-inspector';

const NewVersionDialog = lazy(() => import('./new-version-dialog').then((m) => ({ default: m.NewVersionDialog })));

const client = createVersionClient({ getLang: () => i18n.resolvedLanguage ?? i18n.language });

/** The server's localised explanation when it gave one; offline there is none, and our own text says why. */
function failureMessage(error: unknown): string {
  const detail = error instanceof VersionCheckError ? error.detail : null;
  return detail ?? i18n.t('versionCheck.failed');
}

/**
 * Runs the version-check machine (spec 4 "New site version") with the browser's effects: the second API
 * client, the notification queue, page visibility and reload. Renders the reload dialog from its state.
 */
export function VersionCheck() {
  const notifications = NotificationsContext.useActorRef();
  const logic = useMemo(
    () =>
      versionCheckMachine.provide({
        actors: versionCalls(client),
        actions: {
          notifyFailure: ({ event }) =>
            notifications.send({
              type: 'NOTIFY',
              kind: 'error',
              message: failureMessage('error' in event ? event.error : null),
            }),
          reload: () => window.location.reload(),
        },
      }),
    // The actor keeps the logic it started with; the notification queue is one actor for the app's life.
    [notifications],
  );
  const actor = useActorRef(logic, { input: { clientVersion: __APP_VERSION__ }, inspect: appInspect });

  useEffect(() => {
    const report = () => actor.send({ type: document.visibilityState === 'hidden' ? 'HIDDEN' : 'VISIBLE' });
    // A tab opened in the background starts paused.
    if (document.visibilityState === 'hidden') report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [actor]);

  // Once a newer version is known the dialog stays mounted, so closing it animates and returns focus.
  // Two selectors of plain values: a fresh object each time would render on every snapshot.
  const known = useSelector(actor, (snapshot) => versionCheckView(snapshot).mounted);
  const open = useSelector(actor, (snapshot) => versionCheckView(snapshot).open);
  if (!known) return null;
  return (
    <Suspense fallback={null}>
      <NewVersionDialog
        open={open}
        onReload={() => actor.send({ type: 'RELOAD' })}
        onLater={() => actor.send({ type: 'DISMISS' })}
      />
    </Suspense>
  );
}
