import type { RecordedTransition } from '../../machines/graph/transition-recorder';

/**
 * How the browser tests receive the transitions the app takes (docs/flows/README.md, "Browser coverage"): the
 * Playwright fixture (tests/e2e/support/ui-transitions.ts) exposes a function under this name on every page before
 * the app's scripts run; its presence is what makes the app load the recorder (src/lib/app-inspector.ts). Under
 * `npm run dev` the recorder runs without it and keeps the records on `window.__tipjarTransitions`.
 */
export const RECORD_TRANSITION_BINDING = '__tipjarRecordTransition';

declare global {
  interface Window {
    [RECORD_TRANSITION_BINDING]?: (taken: RecordedTransition) => Promise<void>;
    __tipjarTransitions?: RecordedTransition[];
  }
}
