import { useHydrated } from './use-hydrated';

/**
 * A new user's first look at home (issue 22 item 10): set-up ends by going home with this history state, and home
 * greets them with "Welcome" rather than "Welcome back". History state, not storage: it belongs to that one
 * visit (kept across a reload of it, gone on any later visit), and nothing is written about the user.
 */
export const FIRST_VISIT_STATE = { firstVisit: true } as const;

/** Home's greeting (common:pages.*): "Welcome, {{name}}" on the first visit, "Welcome back, {{name}}" after. */
export const homeGreetingKey = (firstVisit: boolean) => (firstVisit ? 'pages.homeWelcome' : 'pages.homeTitle');

const isFirstVisit = (state: unknown) => (state as { firstVisit?: unknown } | null)?.firstVisit === true;

/**
 * Whether this is that first visit. The server cannot know (it renders "Welcome back"), so the hydration render
 * says so too and the browser's answer follows straight after: no hydration mismatch.
 */
export function useFirstVisit(): boolean {
  const hydrated = useHydrated();
  return hydrated && isFirstVisit(window.history.state);
}
