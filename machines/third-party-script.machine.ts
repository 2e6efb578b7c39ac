import { fromPromise, setup } from 'xstate';

/**
 * One optional third-party script (spec 1: the customer-chat widget, the session recorder). Configured or not
 * is decided by the server (the script URL it hands the page); unset, the machine is done at once and nothing
 * loads. A script that fails (offline, an ad blocker) is reported for the logs and otherwise ignored: these
 * helpers must never get in the way of sending money. Loading itself is injected (`loadScript`).
 */
export interface ThirdPartyScriptInput {
  /** The script's URL, or null when the server configured none. */
  src: string | null;
}

export interface ThirdPartyScriptContext {
  src: string | null;
}

export const thirdPartyScriptMachine = setup({
  types: {
    context: {} as ThirdPartyScriptContext,
    input: {} as ThirdPartyScriptInput,
  },
  actors: {
    // Replaced in the browser by a <script async> insertion; the default never settles, so the machine runs alone.
    loadScript: fromPromise<void, { src: string }>(() => new Promise<void>(() => {})),
  },
  guards: {
    isConfigured: ({ context }) => context.src !== null,
  },
  actions: {
    // Injected: a warning in the console, for whoever looks into a missing widget.
    reportFailure: () => {},
  },
}).createMachine({
  id: 'thirdPartyScript',
  context: ({ input }) => ({ src: input.src }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'isConfigured', target: 'loading' }, { target: 'off' }],
    },
    off: { type: 'final' },
    loading: {
      invoke: {
        src: 'loadScript',
        input: ({ context }) => ({ src: context.src ?? '' }),
        onDone: 'ready',
        onError: { target: 'failed', actions: 'reportFailure' },
      },
    },
    ready: { type: 'final' },
    // No retry: a blocked widget stays blocked, and asking again every minute would only cost the user data.
    failed: { type: 'final' },
  },
});
