import { useMemo } from 'react';
import type { NotificationKind } from '../../../machines/notifications.machine';
import { NotificationsContext } from './notifications-context';

export type Notify = Record<NotificationKind, (message: string) => void>;

/** `notify.success(t('...'))`: queues a notification; the text must already be translated. */
export function useNotify(): Notify {
  const actor = NotificationsContext.useActorRef();
  return useMemo(
    () => ({
      error: (message) => actor.send({ type: 'NOTIFY', kind: 'error', message }),
      success: (message) => actor.send({ type: 'NOTIFY', kind: 'success', message }),
      warning: (message) => actor.send({ type: 'NOTIFY', kind: 'warning', message }),
    }),
    [actor],
  );
}
