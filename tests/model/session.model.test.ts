import { expect } from 'vitest';
import { needsSetUp, type SessionUser } from '../../domain/session-user';
import { catalogue } from '../../machines/catalogue';
import type { sessionMachine } from '../../machines/session.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

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
