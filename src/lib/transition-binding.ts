import type { RecordedTransition } from '../../machines/graph/transition-recorder';

/**
 * How the browser tests receive the transitions the app takes (docs/flows/README.md, "Browser coverage"): the
 * Playwright fixture (tests/e2e/support/ui-transitions.ts) exposes a function under this name on every page before
 * the app's scripts run; its presence is what makes the app load the recorder (src/lib/app-inspector.ts). Under
 * `npm run dev` the recorder runs without it and keeps the records on `window.__tipjarTransitions`.
 */
export const RECORD_TRANSITION_BINDING = '__tipjarRecordTransition';

/**
 * Set (to true) on the page by the generated path tests (tests/e2e/paths/run-paths.ts) before the app starts: the
 * recorder then reports every transition, repeats included, in the order taken, so a test can check each step's.
 * Without it each transition goes out once per page load, which is all coverage needs.
 */
export const RECORD_EVERY_TRANSITION = '__tipjarRecordEveryTransition';

/**
 * Put on the page by the recorder's chunk (so only where the browser tests' binding is): shows the page in another
 * language without remembering the choice, for the screens of the flow atlas (tests/e2e/paths/screens.ts, issue 27
 * item 5) — the same page, state and data in es and pt, then back.
 */
export const SHOW_LANGUAGE = '__tipjarShowLanguage';

declare global {
  interface Window {
    [RECORD_TRANSITION_BINDING]?: (taken: RecordedTransition) => Promise<void>;
    __tipjarTransitions?: RecordedTransition[];
    [RECORD_EVERY_TRANSITION]?: boolean;
    [SHOW_LANGUAGE]?: (language: string) => Promise<void>;
  }
}
