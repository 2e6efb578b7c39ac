import { fromPromise, type AnyStateMachine, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate';
import type { SessionUser } from '../domain/session-user';
import { sessionMachine } from './session.machine';

/**
 * The flow atlas's registry (issue 9): every machine in `machines/`, with what it takes to run on its own.
 * `npm run flows` draws each one into `docs/flows/`, the model tests (`tests/model/<name>.model.test.ts`) replay
 * the paths generated from the same samples and inputs, and the explorer (later) steps it with the same fakes —
 * so the diagrams, the generated paths in the docs and the tests cannot describe different machines.
 * A unit test fails when a `machines/*.machine.ts` file exports a machine that is not listed here.
 *
 * Adding a machine: export it from `machines/<file>.machine.ts`; add an entry below (alphabetical) with its purpose,
 * fakes, inputs and event samples; write `tests/model/<name>.model.test.ts` with `describeModel(...,
 * { ...fromCatalogue(catalogue.<name>), setup, states })`; run `npm run flows` and commit `docs/flows/`.
 *
 * No Node or test imports: the explorer will load this in the browser.
 */
export interface CatalogueEntry<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  /** One line for the atlas index: what the machine decides. */
  purpose: string;
  /**
   * The machine with fakes in place of its side effects (`machine.provide`): no network, no storage, no
   * navigation. The model tests layer their recording fakes on top; invoked actors are replaced by the test helper.
   */
  fake: () => M;
  /** Named starting points (label → input); paths are generated from each. Omit for a machine without input. */
  inputs?: Record<string, InputFrom<M>>;
  /**
   * Every event type the machine accepts, with one or more samples. Paths try every sample in every state, so
   * give one sample per guard branch you want taken (docs call them `TYPE[0]`, `TYPE[1]`…).
   */
  events: EventSamples<M>;
  /** Outcomes of invoked actors by src (or explicit invoke id); default one `done` with no output and one `error`. */
  invokeResults?: Record<string, { done?: unknown[]; error?: unknown[] }>;
  /** Graph key of a snapshot; default value and context. Drop counters (ids, timestamps) or the graph never ends. */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** Transition id (as in docs/flows/<name>.md) → the reason no path can take it. Each one must be justified. */
  uncovered?: Record<string, string>;
}

export type EventSamples<M extends AnyStateMachine> = {
  [K in EventFromLogic<M>['type']]: Extract<EventFromLogic<M>, { type: K }> | Array<Extract<EventFromLogic<M>, { type: K }>>;
};

/** Keeps each entry's own machine type (so model tests get typed snapshots) while checking it against the shape. */
const entry = <M extends AnyStateMachine>(e: CatalogueEntry<M>): CatalogueEntry<M> => e;

const activeUser: SessionUser = {
  userId: 'u-1',
  email: 'ana@example.com',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'ana',
  country: 'US',
  fullName: 'Ana Silva',
};
/** Signed up but without username and country yet: the set-up route. */
const newUser: SessionUser = { ...activeUser, userId: 'u-2', email: 'bo@example.com', username: null, country: null };

/** Keyed by the name used for `docs/flows/<name>.md` and `tests/model/<name>.model.test.ts`; alphabetical. */
export const catalogue = {
  session: entry({
    machine: sessionMachine,
    purpose: 'Which route set exists: logged out (visitor or expired), needs set-up, or signed in; and logging out.',
    // Storage and navigation actions are no-ops by default; only the logout call needs a stand-in.
    fake: () => sessionMachine.provide({ actors: { logout: fromPromise(async () => {}) } }),
    inputs: {
      visitor: { user: null },
      restoredComplete: { user: activeUser },
      restoredIncomplete: { user: newUser },
    },
    events: {
      // Both users, so routing's guards see each branch after every sign-in and update.
      SIGNED_IN: [
        { type: 'SIGNED_IN', user: activeUser },
        { type: 'SIGNED_IN', user: newUser },
      ],
      USER_UPDATED: [
        { type: 'USER_UPDATED', user: activeUser },
        { type: 'USER_UPDATED', user: newUser },
      ],
      LOGOUT: { type: 'LOGOUT' },
      UNAUTHORIZED: { type: 'UNAUTHORIZED' },
      SESSION_EXPIRED: { type: 'SESSION_EXPIRED' },
    },
  }),
};

export type CatalogueName = keyof typeof catalogue;

/** The entries as one list, in name order, with their types erased (for the atlas generator and checks). */
export const catalogueEntries = (): Array<[string, CatalogueEntry]> =>
  Object.entries(catalogue as Record<string, CatalogueEntry<any>>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); // not localeCompare: the same order on every machine
