import type { ActorRefFrom } from 'xstate';
import type { ApiClientDeps } from '../../api/client';
import type { notificationsMachine } from '../../../machines/notifications.machine';
import type { sessionMachine } from '../../../machines/session.machine';

/** The app-wide actors (the session gate, the notification queue) and the API client's reactions to them. */
export interface Runtime {
  session: ActorRefFrom<typeof sessionMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  /** 401s go to the session machine, failures to the notification queue, `lang` follows i18next (ApiProvider). */
  api: ApiClientDeps;
}
