import { fromPromise, type AnyStateMachine, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate';
import { NOTIFICATION_TIMEOUT_MS, VERSION_POLL_MS } from '../domain/limits';
import type { SessionUser } from '../domain/session-user';
import { MAX_VISIBLE_NOTIFICATIONS, notificationsMachine, toastMachine, type Notification } from './notifications.machine';
import { paymentLifecycleMachine, REMINDER_INTERVAL_MS } from './payment-lifecycle.machine';
import { sessionMachine } from './session.machine';
import { thirdPartyScriptMachine } from './third-party-script.machine';
import { versionCheckMachine } from './version-check.machine';

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

/** One notification as the queue gives it to its toast (ids are `notification-<n>`, counted from 1). */
const cardDeclined: Notification = { id: 'notification-1', kind: 'error', message: 'Card declined' };

/** A reminder sent at noon on 2 January 2025 (UTC); the time arrives in the event, the machine has no clock. */
const remindAt = Date.UTC(2025, 0, 2, 12);

/** Keyed by the name used for `docs/flows/<name>.md` and `tests/model/<name>.model.test.ts`; alphabetical. */
export const catalogue = {
  notifications: entry({
    machine: notificationsMachine,
    purpose: `The messages on screen: at most ${MAX_VISIBLE_NOTIFICATIONS}, a repeat shown once, the oldest dropped when full, each removed when its toast hides, all dismissed at once.`,
    // Nothing to fake: its only effects are the toast children it spawns, whose timers run on the test's clock.
    fake: () => notificationsMachine,
    events: {
      // Five different messages, so a path can fill the queue (four) and then overflow it (isFull); sending one
      // already on screen takes isAlreadyShown. The last has the same text as the one before with another kind:
      // not a repeat, so a guard comparing only the text would show up.
      NOTIFY: [
        { type: 'NOTIFY', kind: 'error', message: 'Card declined' },
        { type: 'NOTIFY', kind: 'success', message: 'Link copied' },
        { type: 'NOTIFY', kind: 'warning', message: 'Bank details differ' },
        { type: 'NOTIFY', kind: 'error', message: 'Something went wrong. Please try again.' },
        { type: 'NOTIFY', kind: 'warning', message: 'Something went wrong. Please try again.' },
      ],
      // What a toast sends when it hides: the first toast (the oldest while the queue has not overflowed) and the
      // second, so a path removes one from the middle too and the others must keep their order.
      TOAST_HIDDEN: [
        { type: 'TOAST_HIDDEN', id: 'notification-1' },
        { type: 'TOAST_HIDDEN', id: 'notification-2' },
      ],
      DISMISS_ALL: { type: 'DISMISS_ALL' },
    },
    // Only how many are shown: ids and the id counter grow forever, and which messages are shown is fixed by the
    // path that got there. Capped one above the maximum, so a queue that overflowed would end the graph (and fail
    // its assertion) instead of growing it.
    serializeState: (snapshot) => JSON.stringify({ toasts: Math.min(snapshot.context.toasts.length, MAX_VISIBLE_NOTIFICATIONS + 1) }),
  }),
  'payment-lifecycle': entry({
    machine: paymentLifecycleMachine,
    purpose: 'The authority on payment status: who may move a payment from which status to which; the server records each step in its trail.',
    // Pure: no actions, no actors, no timers (time and roles arrive in the events).
    fake: () => paymentLifecycleMachine,
    // One sample per guard branch that lets an event through: the role each transition needs (DECLINE is the
    // payer's on a request and the creator's on a price point), and both ways a reminder is due. A refused role
    // takes no transition, so it makes no path: each state's assertion checks every role against the machine.
    events: {
      PAY_FROM_BALANCE: { type: 'PAY_FROM_BALANCE', role: 'sender' },
      AUTHORISE_CARD: { type: 'AUTHORISE_CARD', role: 'sender' },
      CAPTURED: { type: 'CAPTURED', role: 'system' },
      CARD_DECLINED: { type: 'CARD_DECLINED', role: 'system' },
      REQUEST: { type: 'REQUEST', role: 'receiver' },
      PAY: { type: 'PAY', role: 'sender' },
      CANCEL: { type: 'CANCEL', role: 'receiver' },
      DECLINE: [
        { type: 'DECLINE', role: 'sender' },
        { type: 'DECLINE', role: 'receiver' },
      ],
      REMIND: [
        { type: 'REMIND', role: 'receiver', now: remindAt, lastReminderAt: null },
        { type: 'REMIND', role: 'receiver', now: remindAt, lastReminderAt: remindAt - REMINDER_INTERVAL_MS },
      ],
      HOLD_FUNDS: { type: 'HOLD_FUNDS', role: 'sender' },
      REPLY_WITH_MEDIA: { type: 'REPLY_WITH_MEDIA', role: 'receiver' },
      EXPIRE: { type: 'EXPIRE', role: 'system' },
    },
  }),
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
  toast: entry({
    machine: toastMachine,
    purpose: `One notification on screen: hides itself after ${NOTIFICATION_TIMEOUT_MS / 1000} s unless the pointer or focus is on it, or when closed, and tells the queue.`,
    // Alone it has no queue to tell (sendParent would fail); the notifications model covers the queue's side.
    fake: () => toastMachine.provide({ actions: { reportHidden: () => {} } }),
    inputs: { shown: cardDeclined },
    // Pointer and focus each way, so paths hold it by both and release one (heldByOther) then the other.
    events: {
      PAUSE: [
        { type: 'PAUSE', by: 'pointer' },
        { type: 'PAUSE', by: 'focus' },
      ],
      RESUME: [
        { type: 'RESUME', by: 'pointer' },
        { type: 'RESUME', by: 'focus' },
      ],
      CLOSE: { type: 'CLOSE' },
    },
  }),
  'third-party-script': entry({
    machine: thirdPartyScriptMachine,
    purpose: 'Loads an optional third-party script (chat widget, session recording) once, after the first render, only when configured.',
    fake: () => thirdPartyScriptMachine.provide({ actions: { reportFailure: () => {} } }),
    inputs: { configured: { src: 'https://chat.vendor.example/loader.js' }, unset: { src: null } },
    events: {},
  }),
  'version-check': entry({
    machine: versionCheckMachine,
    purpose: `Asks the server for its version every ${VERSION_POLL_MS / 1000} s while the tab is visible; offers a reload when it is newer, and reports a failing check once.`,
    fake: () => versionCheckMachine.provide({ actions: { notifyFailure: () => {}, reload: () => {} } }),
    inputs: { built: { clientVersion: '1.0.2' } },
    events: {
      HIDDEN: { type: 'HIDDEN' },
      VISIBLE: { type: 'VISIBLE' },
      RELOAD: { type: 'RELOAD' },
      DISMISS: { type: 'DISMISS' },
    },
    invokeResults: {
      // Newer (as semver: 1.0.10 > 1.0.2 although "1.0.10" < "1.0.2" as text), equal, older, and not semver.
      fetchServerVersion: { done: ['1.0.10', '1.0.2', '0.9.9', 'latest'], error: [new Error('offline')] },
    },
  }),
};

export type CatalogueName = keyof typeof catalogue;

/** The entries as one list, in name order, with their types erased (for the atlas generator and checks). */
export const catalogueEntries = (): Array<[string, CatalogueEntry]> =>
  Object.entries(catalogue as Record<string, CatalogueEntry<any>>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); // not localeCompare: the same order on every machine
