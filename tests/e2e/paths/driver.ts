import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { DriverModel, OutcomeModel, Payload } from './path-model';

/**
 * A driver says how a person takes a machine's transitions on the real screen against the real server (issue 27
 * item 2): how each event is caused (by role and label, strings from locales/en), how each outcome of an invoked call
 * is brought about for real (a seeded user, a second account acting meanwhile, the sandbox providers, the test clock,
 * or a server answer forced with `page.route` for the network and 5xx failures), how the screen shows each state
 * (the view-model's labels and headings), and which transitions it leaves out, with why. The generator
 * (scripts/flows/generate-paths.ts) reads its model part; the runner (run-paths.ts) the rest.
 */

/** What a path test works with: its page, and the world its driver made (the account, the number typed…). */
export interface PathRun<World> {
  page: Page;
  context: BrowserContext;
  browser: Browser;
  world: World;
}

export interface EventDriver<World> {
  /** The payloads tried in the graph (default: one, without fields): one per guard branch worth taking. */
  samples?: Payload[];
  /** Causes the event on the screen. `before` is the machine's state the path predicts before it. */
  perform(run: PathRun<World>, payload: Payload, before: AnyMachineSnapshot): Promise<void>;
  /** False where the machine would take the event but the screen offers no way to send it (a radio already chosen). */
  possible?(before: AnyMachineSnapshot, payload: Payload): boolean;
}

export interface OutcomeDriver<World> extends OutcomeModel {
  /**
   * Makes the call end this way, run before the event that starts it (before the screen opens, for a call made on
   * arrival). Forced answers (`page.route`) are removed before the next event's arrangements: one outcome, one call.
   * None: the server, left alone, answers so.
   */
  arrange?(run: PathRun<World>): Promise<void>;
  /**
   * The status of the answer the browser logs as a console error (any 5xx, and the 4xx the suite does not take for
   * granted, such as 422): the runner expects it logged and drops exactly those lines.
   */
  logs?: number;
}

export interface Driver<World> extends DriverModel {
  /**
   * The browser tests run apart from the others because a precondition moves the server's shared test clock:
   * generated-paths.clock.spec.ts runs them (the `clock` project, one at a time, after the rest).
   */
  clock?: boolean;
  /**
   * The preconditions every path starts from (a fresh signed-in account…), before any outcome is arranged; `input`
   * names the driver's `inputs` entry the path starts from (none: its `input`).
   */
  start(run: Omit<PathRun<World>, 'world'> & { input?: string }): Promise<World>;
  /** Opens the machine's screen: the machine starts here. */
  open(run: PathRun<World>): Promise<void>;
  /**
   * The transitions the machine takes by itself while the screen opens, before the path's first step, for the path
   * starting from `input` (as in `start`): the session's first check with the server, which the app makes as it
   * starts. The runner expects them first, in order, like steps. They must end in the state the machine started
   * in: the paths begin there.
   */
  opening?(input: string | undefined): string[];
  events: Record<string, EventDriver<World>>;
  outcomes: Record<string, { done?: OutcomeDriver<World>[]; error?: OutcomeDriver<World>[] }>;
  /**
   * Checks that the screen shows `snapshot`'s state, through the view-model (machines/<name>.view.ts): its
   * headings, fields and buttons by role and name, enabled or not. Not called while a call runs (that state's
   * screen lasts only as long as the call).
   */
  screen(run: PathRun<World>, snapshot: AnyMachineSnapshot): Promise<void>;
}
