import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { versionCheckMachine } from '../../machines/version-check.machine';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

const CLIENT = '1.0.2';

// Expectations written out, never computed by domain/app-version or domain/limits (issue 24 item 9). Spec §4 "New
// site version": checked every 60 seconds; a reload is offered when the server's version is above the client's
// (1.0.2). The server versions the catalogue samples, against 1.0.2: 1.0.10 is newer (numbers, not text), the
// same, an older one and an unreadable one are not.
const VERSION_POLL_MS = 60_000;
const NEWER_THAN_CLIENT: Record<string, boolean> = { '1.0.10': true, '1.0.2': false, '0.9.9': false, latest: false };
function isNewer(version: string) {
  if (!(version in NEWER_THAN_CLIENT)) throw new Error(`no literal expectation for version ${version}: add it to NEWER_THAN_CLIENT`);
  return NEWER_THAN_CLIENT[version];
}

/**
 * The test's own account of what the user should have seen, kept step by step beside the machine: an error
 * notification is owed only for the first failure after a success (or after start).
 */
interface Fakes {
  notified: unknown[];
  reloads: number;
  failuresSinceSuccess: number;
}
type Ctx = StepContext<typeof versionCheckMachine, Fakes>;

const DONE = 'fetchServerVersion:done';
const ERROR = 'fetchServerVersion:error';

/** Updates the oracle from the step just taken; every state assertion starts here. */
function observe({ step, fakes }: Ctx) {
  if (step.startsWith(DONE)) fakes.failuresSinceSuccess = 0;
  if (step.startsWith(ERROR)) fakes.failuresSinceSuccess += 1;
}

/** No version call in flight and no dialog-related effect: the quiet states. */
function quiet({ running, fakes }: Ctx) {
  expect(running).toEqual([]);
  expect(fakes.reloads).toBe(0);
}

describeModel('version-check machine (model-based)', {
  // Inputs, event samples and invoke outcomes come from the catalogue, so the atlas shows these very paths.
  ...fromCatalogue(catalogue['version-check']),
  setup: () => {
    const fakes: Fakes = { notified: [], reloads: 0, failuresSinceSuccess: 0 };
    const machine = versionCheckMachine.provide({
      actions: {
        notifyFailure: ({ event }) => void fakes.notified.push('error' in event ? event.error : event),
        reload: () => void (fakes.reloads += 1),
      },
    });
    return { machine, fakes };
  },
  states: {
    'polling.waiting': (ctx) => {
      observe(ctx);
      quiet(ctx);
      const { snapshot, step, actions, fakes } = ctx;
      expect(snapshot.context.serverVersion).toBeNull();
      if (step === 'init') {
        expect(actions).toEqual([]);
      } else if (step.startsWith(DONE)) {
        // Same, older or unreadable: nothing to offer, and the failure streak is over.
        expect(isNewer(String(ctx.event.output))).toBe(false);
        expect(snapshot.context.failureShown).toBe(false);
        expect(actions).toEqual([]);
      } else if (step.startsWith(ERROR)) {
        // One notification per failure streak, not one a minute.
        expect(snapshot.context.failureShown).toBe(true);
        expect(actions).toEqual(fakes.failuresSinceSuccess === 1 ? ['notifyFailure'] : []);
        expect(fakes.notified.at(-1)).toEqual(ctx.event.error);
      } else {
        throw new Error(`unexpected way into polling.waiting: ${step}`);
      }
    },
    'polling.checking': (ctx) => {
      observe(ctx);
      const { running, invoked, step, actions } = ctx;
      // Every minute while visible, and at once when the tab comes back.
      expect(['after:poll', 'VISIBLE']).toContain(step);
      expect(invoked).toEqual([expect.objectContaining({ src: 'fetchServerVersion' })]);
      expect(running).toHaveLength(1);
      expect(actions).toEqual([]);
    },
    paused: (ctx) => {
      observe(ctx);
      quiet(ctx);
      // Hidden: nothing polls, and a call that was in flight has been stopped (quiet checks `running`).
      expect(ctx.step).toBe('HIDDEN');
      expect(ctx.actions).toEqual([]);
    },
    updateAvailable: (ctx) => {
      observe(ctx);
      quiet(ctx);
      const { snapshot, step } = ctx;
      expect(snapshot.context.serverVersion).not.toBeNull();
      expect(isNewer(snapshot.context.serverVersion!)).toBe(true);
      expect(snapshot.context.failureShown).toBe(false);
      expect([`${DONE}[0]`, 'after:poll']).toContain(step);
    },
    postponed: (ctx) => {
      observe(ctx);
      quiet(ctx);
      expect(ctx.step).toBe('DISMISS');
    },
    reloading: ({ step, actions, fakes, running }) => {
      expect(step).toBe('RELOAD');
      expect(actions).toEqual(['reload']);
      expect(fakes.reloads).toBe(1);
      expect(running).toEqual([]);
    },
  },
});

/** The clock itself: the model advances by exactly the delay; these pin the delay to the spec's 60 s. */
describe('version-check timing (simulated clock)', () => {
  function start() {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const machine = versionCheckMachine.provide({
      actors: {
        fetchServerVersion: fromPromise(async () => {
          calls.push(`t=${clock.now()}`);
          return CLIENT;
        }),
      },
    });
    const actor = createActor(machine, { input: { clientVersion: CLIENT }, clock }).start();
    return { actor, clock, calls };
  }

  it('asks first after 60 s, not at start, then every 60 s', async () => {
    const { actor, clock, calls } = start();
    clock.increment(VERSION_POLL_MS - 1);
    expect(calls).toEqual([]);
    clock.increment(1);
    expect(calls).toEqual(['t=60000']);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches({ polling: 'waiting' })).toBe(true);
    clock.increment(VERSION_POLL_MS);
    expect(calls).toEqual(['t=60000', 't=120000']);
    actor.stop();
  });

  it('a hidden tab does not poll, however long it stays hidden; coming back checks at once', () => {
    const { actor, clock, calls } = start();
    clock.increment(30_000);
    actor.send({ type: 'HIDDEN' });
    clock.increment(10 * VERSION_POLL_MS);
    expect(calls).toEqual([]);
    actor.send({ type: 'VISIBLE' });
    expect(calls).toEqual([`t=${30_000 + 10 * VERSION_POLL_MS}`]);
    actor.stop();
  });

  it('Later asks again one poll interval later', () => {
    const clock = new SimulatedClock();
    const machine = versionCheckMachine.provide({ actors: { fetchServerVersion: fromPromise(async () => '2.0.0') } });
    const actor = createActor(machine, { input: { clientVersion: CLIENT }, clock }).start();
    actor.send({ type: 'HIDDEN' });
    actor.send({ type: 'VISIBLE' });
    return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
      expect(actor.getSnapshot().value).toBe('updateAvailable');
      actor.send({ type: 'DISMISS' });
      clock.increment(VERSION_POLL_MS - 1);
      expect(actor.getSnapshot().value).toBe('postponed');
      clock.increment(1);
      expect(actor.getSnapshot().value).toBe('updateAvailable');
      actor.stop();
    });
  });
});
