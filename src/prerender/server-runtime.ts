import { createActor } from 'xstate';
import type { Locale } from '../../domain/product';
import type { SessionUser } from '../../domain/session-user';
import { notificationsMachine } from '../../machines/notifications.machine';
import { sessionMachine } from '../../machines/session.machine';
import type { Runtime } from '../app/runtime/runtime';

/**
 * The runtime a page that needs one is rendered with on the server: the session machine with the user of the
 * request's `tipjar-user` cookie (the user the browser's runtime starts with, src/app/runtime/runtime.ts, so both
 * sides render the same; null for a visitor, on a creator's pay page), and an empty notification queue. Neither is
 * started: a render runs no effects, and the machine implementations' browser effects (the cookie, navigation) are
 * not the server's to run. No call leaves a render.
 */
export function serverRuntime(user: SessionUser | null, language: Locale): Runtime {
  const refuse = () => Promise.reject(new Error('a server render makes no API call'));
  return {
    session: createActor(sessionMachine, { input: { user } }),
    notifications: createActor(notificationsMachine),
    api: {
      getLang: () => language,
      fetch: refuse,
      onUnauthorized: () => false,
      onSessionExpired: () => false,
      notifyError: () => {},
      genericMessage: () => '',
    },
  };
}
