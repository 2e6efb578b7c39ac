import { assign, fromPromise, setup } from 'xstate';
import { isNewerVersion } from '../domain/app-version';
import { VERSION_POLL_MS } from '../domain/limits';

/**
 * The new-site-version check (spec 4 "New site version", spec 7 "Other"). Every 60 s while the tab is visible
 * it asks the server for its version; above the client's built-in version the reload dialog opens. A hidden tab
 * does not poll (nobody would see the dialog, and a phone's battery pays for every request); when it comes back
 * it checks at once, because a long-hidden tab is the one most likely to be stale. A failed check shows one
 * error notification, not one a minute: the next one waits until a check has succeeded again.
 *
 * No check at start: a page that just loaded got the newest index.html (it is served `no-cache`).
 * Effects are injected: `fetchServerVersion` (the second API client), `notifyFailure`, `reload`. The host sends
 * HIDDEN at start when the tab opens in the background.
 */
export type VersionCheckEvent =
  | { type: 'HIDDEN' }
  | { type: 'VISIBLE' }
  /** The dialog's reload button. */
  | { type: 'RELOAD' }
  /** The dialog's Later button, Escape or a click outside: ask again at the next poll. */
  | { type: 'DISMISS' };

export interface VersionCheckInput {
  /** `__APP_VERSION__`: the version this bundle was built as. */
  clientVersion: string;
}

export interface VersionCheckContext {
  clientVersion: string;
  /** The newer version the server reported; null until there is one. */
  serverVersion: string | null;
  /** A failure has been shown and no check has succeeded since. */
  failureShown: boolean;
}

export const versionCheckMachine = setup({
  types: {
    context: {} as VersionCheckContext,
    events: {} as VersionCheckEvent,
    input: {} as VersionCheckInput,
  },
  delays: {
    poll: VERSION_POLL_MS,
  },
  actors: {
    // Replaced by the real call in the browser; this default never answers, so the machine runs alone.
    fetchServerVersion: fromPromise<string>(() => new Promise<string>(() => {})),
  },
  guards: {
    serverIsNewer: ({ context, event }) =>
      'output' in event && typeof event.output === 'string' && isNewerVersion(event.output, context.clientVersion),
    failureAlreadyShown: ({ context }) => context.failureShown,
  },
  actions: {
    storeServerVersion: assign({
      serverVersion: ({ event }) => ('output' in event && typeof event.output === 'string' ? event.output : null),
    }),
    forgetFailure: assign({ failureShown: false }),
    rememberFailure: assign({ failureShown: true }),
    // Injected by the host: an error notification, from the failed check's error (`event.error`).
    notifyFailure: () => {},
    // Injected by the host: window.location.reload().
    reload: () => {},
  },
}).createMachine({
  id: 'versionCheck',
  context: ({ input }) => ({ clientVersion: input.clientVersion, serverVersion: null, failureShown: false }),
  initial: 'polling',
  states: {
    polling: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { poll: 'checking' },
        },
        checking: {
          invoke: {
            src: 'fetchServerVersion',
            onDone: [
              {
                guard: 'serverIsNewer',
                target: '#versionCheck.updateAvailable',
                actions: ['storeServerVersion', 'forgetFailure'],
              },
              { target: 'waiting', actions: 'forgetFailure' },
            ],
            onError: [
              { guard: 'failureAlreadyShown', target: 'waiting' },
              { target: 'waiting', actions: ['notifyFailure', 'rememberFailure'] },
            ],
          },
        },
      },
      // Leaving `checking` stops the call (its AbortSignal fires); the answer would only be stale.
      on: { HIDDEN: 'paused' },
    },
    paused: {
      on: { VISIBLE: 'polling.checking' },
    },
    updateAvailable: {
      on: {
        RELOAD: 'reloading',
        DISMISS: 'postponed',
      },
    },
    // Nothing more to check: the server is known to be newer. Ask again after one poll interval.
    postponed: {
      after: { poll: 'updateAvailable' },
    },
    // A state of its own so a late DISMISS (the dialog closing as the page unloads) cannot reopen anything.
    reloading: {
      entry: 'reload',
    },
  },
});
