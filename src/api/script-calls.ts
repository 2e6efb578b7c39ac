import { fromPromise } from 'xstate';
import { loadScript } from '../lib/load-script';

/** The third-party-script machine's injected actor: insert the script tag and wait for it to load or fail. */
export const scriptCalls = {
  loadScript: fromPromise<void, { src: string }>(({ input }) => loadScript(input.src)),
};
