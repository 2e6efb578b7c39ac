import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '../../../machines/notifications.machine';
import { createDeferredActorContext } from '../../lib/deferred-actor-context';

/** The app-wide notification queue; one actor, started with the runtime (src/app/runtime/runtime.ts). */
export const NotificationsContext = createDeferredActorContext<ActorRefFrom<typeof notificationsMachine>>('NotificationsContext');
