import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionUser } from '../../../domain/session-user';
import { apiFailure } from '../../../machines/forms/api-failure';
import { notificationsMachine } from '../../../machines/notifications.machine';
import { sessionMachine } from '../../../machines/session.machine';
import { dismissMessagesOnSignOut, holdsAccount } from '../../../src/app/runtime/dismiss-on-sign-out';

const ana: SessionUser = {
  userId: '00000000-0000-4000-8000-0000000000a1',
  email: 'ana@example.com',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'ana',
  country: 'BR',
  fullName: 'Ana Souza',
};
const notSetUp: SessionUser = { ...ana, username: null };
const INVITED = 'Invitation sent to bo@example.com.';

/** The app's two actors, wired as start-runtime.ts wires them; the session's calls never answer unless told to. */
function start(user: SessionUser | null, loadUser: () => Promise<SessionUser> = () => new Promise(() => {})) {
  let endLogout: () => void = () => {};
  const session = createActor(
    sessionMachine.provide({
      actors: {
        logout: fromPromise<void, { user: SessionUser | null }>(() => new Promise<void>((resolve) => (endLogout = resolve))),
        loadUser: fromPromise<SessionUser, { user: SessionUser | null }>(() => loadUser()),
      },
    }),
    { input: { user } },
  ).start();
  const notifications = createActor(notificationsMachine).start();
  dismissMessagesOnSignOut(session, notifications);
  const shown = () => notifications.getSnapshot().context.toasts.map((toast) => toast.getSnapshot().context.message);
  const notify = (message: string) => notifications.send({ type: 'NOTIFY', kind: 'success', message });
  return { session, shown, notify, endLogout: () => endLogout() };
}

describe('messages end with the session (start-runtime.ts, dismiss-on-sign-out.ts)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds an account while signed in or still setting up, not as a visitor, logging out or expired', () => {
    expect(holdsAccount(createActor(sessionMachine, { input: { user: ana } }).start().getSnapshot())).toBe(true);
    expect(holdsAccount(createActor(sessionMachine, { input: { user: notSetUp } }).start().getSnapshot())).toBe(true);
    expect(holdsAccount(createActor(sessionMachine, { input: { user: null } }).start().getSnapshot())).toBe(false);
    const { session } = start(ana);
    session.send({ type: 'LOGOUT' });
    expect(session.getSnapshot().value).toBe('loggingOut');
    expect(holdsAccount(session.getSnapshot())).toBe(false);
  });

  it('Log out dismisses every message at once, before the logout call answers', async () => {
    const { session, shown, notify, endLogout } = start(ana);
    notify(INVITED);
    notify('Link copied');
    expect(shown()).toEqual([INVITED, 'Link copied']);
    session.send({ type: 'LOGOUT' });
    expect(shown()).toEqual([]);
    endLogout();
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getSnapshot().matches({ loggedOut: 'visitor' })).toBe(true);
    expect(shown()).toEqual([]);
  });

  it('a message told once the session ended stays (closing the account ends it, then says so)', async () => {
    const { session, shown, notify, endLogout } = start(ana);
    notify(INVITED);
    session.send({ type: 'LOGOUT' });
    notify('Your account is closed');
    endLogout();
    await vi.advanceTimersByTimeAsync(1);
    expect(shown()).toEqual(['Your account is closed']);
  });

  it('a 401 and an expired session dismiss them too, and so does a set-up account logging out', () => {
    for (const type of ['UNAUTHORIZED', 'SESSION_EXPIRED'] as const) {
      const { session, shown, notify } = start(ana);
      notify(INVITED);
      session.send({ type });
      expect(session.getSnapshot().matches('loggedOut')).toBe(true);
      expect(shown()).toEqual([]);
    }
    const { session, shown, notify } = start(notSetUp);
    notify(INVITED);
    session.send({ type: 'LOGOUT' });
    expect(shown()).toEqual([]);
  });

  it('the server saying the session expired on a refresh dismisses them', async () => {
    const { session, shown, notify } = start(ana, () => Promise.reject(apiFailure(401, { code: 'session_expired', detail: 'Please log in again to continue.' })));
    notify(INVITED);
    session.send({ type: 'REFRESH' });
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getSnapshot().matches({ loggedOut: 'expired' })).toBe(true);
    expect(shown()).toEqual([]);
  });

  it('keeps them when nothing ends: a refresh that fails offline, the user updated, a visitor signing in', async () => {
    const offline = start(ana, () => Promise.reject(new Error('Failed to fetch')));
    offline.notify(INVITED);
    offline.session.send({ type: 'REFRESH' });
    await vi.advanceTimersByTimeAsync(1);
    expect(offline.session.getSnapshot().matches('signedIn')).toBe(true);
    offline.session.send({ type: 'USER_UPDATED', user: { ...ana, fullName: 'Ana S.' } });
    expect(offline.shown()).toEqual([INVITED]);

    const visitor = start(null);
    visitor.notify('Wrong email or password.');
    visitor.session.send({ type: 'SIGNED_IN', user: ana });
    expect(visitor.session.getSnapshot().matches('signedIn')).toBe(true);
    expect(visitor.shown()).toEqual(['Wrong email or password.']);
  });
});
