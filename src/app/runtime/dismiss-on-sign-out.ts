import type { ActorRefFrom, SnapshotFrom, Subscription } from 'xstate';
import type { notificationsMachine } from '../../../machines/notifications.machine';
import type { sessionMachine } from '../../../machines/session.machine';

/** Whether the session holds an account now: signed in, or signed in and still to set up. */
export const holdsAccount = (snapshot: Pick<SnapshotFrom<typeof sessionMachine>, 'matches'>): boolean =>
  snapshot.matches('signedIn') || snapshot.matches('needsSetUp');

/**
 * Messages about an account do not outlive its session (issue 27; docs/decisions.md "Messages end with the
 * session"): a message can name a person or an email ("Invitation sent to ana@example.com"), and the next person at
 * the browser must not read it. The moment the session stops holding an account — Log out pressed (its call still
 * running), a 401, an expired session — every message on screen is dismissed (DISMISS_ALL). A message told after
 * that moment is for whoever is at the screen now, and stays: "Your account is closed" is told after closing
 * account ends the session (machines/close-account.machine.ts).
 */
export function dismissMessagesOnSignOut(
  session: Pick<ActorRefFrom<typeof sessionMachine>, 'getSnapshot' | 'subscribe'>,
  notifications: Pick<ActorRefFrom<typeof notificationsMachine>, 'send'>,
): Subscription {
  let held = holdsAccount(session.getSnapshot());
  return session.subscribe((snapshot) => {
    const holds = holdsAccount(snapshot);
    if (held && !holds) notifications.send({ type: 'DISMISS_ALL' });
    held = holds;
  });
}
