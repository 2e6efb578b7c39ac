import { expect } from 'vitest';
import { needsSetUp, type SessionUser } from '../../domain/session-user';
import { sessionMachine } from '../../machines/session.machine';
import { describeModel, type StepContext } from '../support/model-based';

const complete: SessionUser = {
  userId: 'u-1',
  email: 'ana@example.com',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'ana',
  country: 'US',
  fullName: 'Ana Silva',
};
const incomplete: SessionUser = { ...complete, userId: 'u-2', email: 'bo@example.com', username: null, country: null };

/** What the host's side effects saw: persistUser must store the user the machine just took. */
interface Fakes {
  persisted: Array<SessionUser | null>;
}
type Ctx = StepContext<typeof sessionMachine, Fakes>;

const clearedBy = (navigation: string) => ['clearLocalData', 'clearCaches', navigation];

/** Signed out: nobody in context and no logout call left in flight. */
function loggedOut({ snapshot, running }: Ctx) {
  expect(snapshot.context.user).toBeNull();
  expect(running).toEqual([]);
}

/** A user arrived (restored at start, signed in or updated): they are in context and were persisted unless restored. */
function hasArrivedUser({ snapshot, event, step, actions, fakes }: Ctx) {
  const user = snapshot.context.user;
  expect(user).not.toBeNull();
  if (step === 'init') {
    expect(actions).toEqual([]);
  } else {
    expect(event.type === 'SIGNED_IN' || event.type === 'USER_UPDATED').toBe(true);
    expect(user).toEqual(event.user);
    expect(actions).toEqual(['persistUser']);
    expect(fakes.persisted.at(-1)).toEqual(event.user);
  }
  return user!;
}

describeModel('session machine (model-based)', {
  machine: sessionMachine,
  inputs: {
    visitor: { user: null },
    restoredComplete: { user: complete },
    restoredIncomplete: { user: incomplete },
  },
  events: {
    // Both users, so routing's guards see each branch after every sign-in and update.
    SIGNED_IN: [
      { type: 'SIGNED_IN', user: complete },
      { type: 'SIGNED_IN', user: incomplete },
    ],
    USER_UPDATED: [
      { type: 'USER_UPDATED', user: complete },
      { type: 'USER_UPDATED', user: incomplete },
    ],
    LOGOUT: { type: 'LOGOUT' },
    UNAUTHORIZED: { type: 'UNAUTHORIZED' },
    SESSION_EXPIRED: { type: 'SESSION_EXPIRED' },
  },
  setup: () => {
    const fakes: Fakes = { persisted: [] };
    const machine = sessionMachine.provide({
      actions: { persistUser: ({ context }) => void fakes.persisted.push(context.user) },
    });
    return { machine, fakes };
  },
  states: {
    'loggedOut.visitor': (ctx) => {
      loggedOut(ctx);
      if (ctx.step === 'init') expect(ctx.actions).toEqual([]);
      else if (ctx.step === 'UNAUTHORIZED') expect(ctx.actions).toEqual(clearedBy('goToLogin'));
      // Spec 4: whatever the server answered, logging out clears local data and goes home.
      else if (ctx.step === 'logout:done' || ctx.step === 'logout:error') expect(ctx.actions).toEqual(clearedBy('goHome'));
      else throw new Error(`unexpected way into loggedOut.visitor: ${ctx.step}`);
    },
    'loggedOut.expired': (ctx) => {
      loggedOut(ctx);
      expect(ctx.step).toBe('SESSION_EXPIRED');
      expect(ctx.actions).toEqual(clearedBy('goToExpiredSession'));
    },
    needsSetUp: (ctx) => {
      expect(needsSetUp(hasArrivedUser(ctx))).toBe(true);
    },
    signedIn: (ctx) => {
      expect(needsSetUp(hasArrivedUser(ctx))).toBe(false);
    },
    loggingOut: ({ snapshot, running, actions }) => {
      // Exactly one logout call in flight, for the user being logged out; nothing cleared yet.
      expect(snapshot.context.user).not.toBeNull();
      expect(running).toEqual([expect.objectContaining({ src: 'logout', input: { user: snapshot.context.user } })]);
      expect(actions).toEqual([]);
    },
  },
});
