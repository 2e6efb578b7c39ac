import { createActorContext } from '@xstate/react';
import { notificationsMachine } from '../../../machines/notifications.machine';

/** The app-wide notification queue; one actor, provided at the root. */
export const NotificationsContext = createActorContext(notificationsMachine);
