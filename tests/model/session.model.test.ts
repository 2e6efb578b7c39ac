import { expect } from 'vitest';
import type { SessionUser } from '../../domain/session-user';
import { catalogue } from '../../machines/catalogue';
import type { sessionMachine } from '../../machines/session.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

/** What the host's side effects saw: persistUser must store the user the machine just took. */
interface Fakes {
  persisted: Array<SessionUser | null>;
}
type Ctx = StepContext<typeof sessionMachine, Fakes>;

// Expectations written out, never computed by domain/session-user (issue 24 item 9). Spec §6: a user with an
// incomplete profile is confined to /set-up. The catalogue's users: u-1 (Ana, username and country set) is complete,
// u-2 (no username, no country yet) is not.
const NEEDS_SET_UP: Record<string, boolean> = { 'u-1': false, 'u-2': true };
function needsSetUp(user: SessionUser) {
  if (!(user.userId in NEEDS_SET_UP)) throw new Error(`no literal expectation for user ${user.userId}: add it to NEEDS_SET_UP`);
  return NEEDS_SET_UP[user.userId];
}

const clearedBy = (navigation: string) => ['clearLocalData', 'clearCaches', navigation];

/** Signed out: nobody in context and no logout call left in flight. */
function loggedOut({ snapshot, running }: Ctx) {
  expect(snapshot.context.user).toBeNull();
  expect(running).toEqual([]);
}

/**
 * A user arrived (restored at start, signed in, updated, or confirmed by the server): they are in context and
 * were persisted unless restored from the cookie. No call is in flight.
 */
function hasArrivedUser({ snapshot, event, step, actions, fakes, running }: Ctx) {
  const user = snapshot.context.user;
  expect(user).not.toBeNull();
  expect(running).toEqual([]);
  if (step === 'init') {
    expect(actions).toEqual([]);
  } else if (step.startsWith('loadUser:done')) {
    expect(user).toEqual(event.output);
    expect(actions).toEqual(['persistUser']);
    expect(fakes.persisted.at(-1)).toEqual(event.output);
  } else if (step.startsWith('loadUser:error')) {
    // A failure that is not a 401 (offline): the user stays as they were, nothing is stored or cleared.
    expect(actions).toEqual([]);
  } else {
    expect(event.type === 'SIGNED_IN' || event.type === 'USER_UPDATED').toBe(true);
    expect(user).toEqual(event.user);
    expect(actions).toEqual(['persistUser']);
    expect(fakes.persisted.at(-1)).toEqual(event.user);
  }
  return user!;
}

/** Asking the server who we are: exactly one `GET app/user/{userId}` for the user in context. */
function refreshing({ snapshot, running, actions, step }: Ctx) {
  expect(step).toBe('REFRESH');
  expect(actions).toEqual([]);
  expect(running).toEqual([expect.objectContaining({ src: 'loadUser', input: { user: snapshot.context.user } })]);
  return snapshot.context.user!;
}

// Inputs and event samples (a complete and an incomplete user) come from the catalogue, so these paths are the
// ones docs/flows/session.md lists.
describeModel('session machine (model-based)', {
  ...fromCatalogue(catalogue.session),
  setup: () => {
    const fakes: Fakes = { persisted: [] };
    const machine = catalogue.session.fake().provide({
      actions: { persistUser: ({ context }) => void fakes.persisted.push(context.user) },
    });
    return { machine, fakes };
  },
  states: {
    'loggedOut.visitor': (ctx) => {
      loggedOut(ctx);
      if (ctx.step === 'init') expect(ctx.actions).toEqual([]);
      // A 401 from any call, or from the server when asked who we are (revoked token): to the login route.
      else if (ctx.step === 'UNAUTHORIZED' || ctx.step === 'loadUser:error[1]') expect(ctx.actions).toEqual(clearedBy('goToLogin'));
      // Spec 4: whatever the server answered, logging out clears local data and goes home.
      else if (ctx.step === 'logout:done' || ctx.step === 'logout:error') expect(ctx.actions).toEqual(clearedBy('goHome'));
      else throw new Error(`unexpected way into loggedOut.visitor: ${ctx.step}`);
    },
    'loggedOut.expired': (ctx) => {
      loggedOut(ctx);
      expect(['SESSION_EXPIRED', 'loadUser:error[0]']).toContain(ctx.step);
      expect(ctx.actions).toEqual(clearedBy('goToExpiredSession'));
    },
    'needsSetUp.idle': (ctx) => {
      expect(needsSetUp(hasArrivedUser(ctx))).toBe(true);
    },
    'needsSetUp.refreshing': (ctx) => {
      expect(needsSetUp(refreshing(ctx))).toBe(true);
    },
    'signedIn.idle': (ctx) => {
      expect(needsSetUp(hasArrivedUser(ctx))).toBe(false);
    },
    'signedIn.refreshing': (ctx) => {
      expect(needsSetUp(refreshing(ctx))).toBe(false);
    },
    loggingOut: ({ snapshot, running, actions }) => {
      // Exactly one logout call in flight, for the user being logged out; nothing cleared yet.
      expect(snapshot.context.user).not.toBeNull();
      expect(running).toEqual([expect.objectContaining({ src: 'logout', input: { user: snapshot.context.user } })]);
      expect(actions).toEqual([]);
    },
  },
});
