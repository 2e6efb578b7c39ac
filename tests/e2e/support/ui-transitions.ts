import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import type { RecordedTransition } from '../../../machines/graph/transition-recorder';
import type { TestTransitions } from '../../../scripts/flows/ui-coverage-file';
import { RECORD_EVERY_TRANSITION, RECORD_TRANSITION_BINDING } from '../../../src/lib/transition-binding';
import { BROWSER_TRAIL_COOKIE } from '../../../server/dev/browser-trail';

/**
 * The transitions the app takes during one test (issue 27): every browser context of the test — the `context`
 * fixture's and any the test opens with `browser.newContext()` — gets the binding the app's recorder reports to
 * (src/lib/transition-binding.ts), before any page script runs, and the records arrive here as they happen, so
 * navigations and closed pages lose none. The payment lifecycle runs on the server: the transitions the test's browser
 * requests caused there come from the server after the test (`collectTrail`). After the test they are written for
 * the run's teardown, which merges
 * every test's into docs/flows/ui-coverage.json (ui-coverage-teardown.ts).
 *
 * A test can also read them as they come (`recorded`): with `every` (the fixture option `recordEveryTransition`) the
 * pages report each transition, repeats included, in the order taken — the generated path tests check each step so.
 */
export class TakenTransitions {
  private readonly taken = new Map<string, Set<string>>();
  private readonly log: RecordedTransition[] = [];
  private readonly watched = new WeakSet<BrowserContext>();

  /**
   * `trail`: the server the test browses and the test's key. Each context gets the key as a cookie, so the payment
   * transitions its pages' requests cause are noted under this test (server/dev/browser-trail.ts); `collectTrail`
   * fetches them after the test.
   */
  constructor(
    private readonly every = false,
    private readonly trail?: { baseURL: string; key: string },
  ) {}

  /** Once per context (the `context` fixture's comes through `browser.newContext` too). */
  async watch(context: BrowserContext): Promise<void> {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    if (this.trail) await context.addCookies([{ name: BROWSER_TRAIL_COOKIE, value: this.trail.key, url: this.trail.baseURL, httpOnly: true, sameSite: 'Strict' }]);
    if (this.every) await context.addInitScript((flag) => Reflect.set(window, flag, true), RECORD_EVERY_TRANSITION);
    await context.exposeBinding(RECORD_TRANSITION_BINDING, (_source, taken: RecordedTransition) => {
      this.log.push(taken);
      this.add(taken.machine, taken.transition);
    });
  }

  /** The payment-lifecycle transitions the test's browser requests caused, from the server (GET /api/dev/browser-trail). */
  async collectTrail(): Promise<void> {
    if (!this.trail) return;
    const res = await fetch(`${this.trail.baseURL}/api/dev/browser-trail?test=${this.trail.key}`);
    if (!res.ok) throw new Error(`GET /api/dev/browser-trail: ${res.status} ${await res.text()}`);
    const { transitions } = (await res.json()) as { transitions: { machine: string; transition: string }[] };
    for (const { machine, transition } of transitions) this.add(machine, transition);
  }

  private add(machine: string, transition: string) {
    (this.taken.get(machine) ?? this.taken.set(machine, new Set()).get(machine)!).add(transition);
  }

  /** What the machine `machine` (its id) took so far in this test, in the order the pages reported it. */
  recorded(machine: string): RecordedTransition[] {
    return this.log.filter((taken) => taken.machine === machine);
  }

  /** Every context `browser` opens until the returned function is called. */
  watchNewContexts(browser: Browser): () => void {
    const newContext = browser.newContext;
    browser.newContext = async (...args) => {
      const context = await newContext.apply(browser, args);
      await this.watch(context);
      return context;
    };
    return () => {
      browser.newContext = newContext;
    };
  }

  /** machine id → transition ids, sorted. */
  byMachine(): Record<string, string[]> {
    return Object.fromEntries([...this.taken].sort(([a], [b]) => (a < b ? -1 : 1)).map(([machine, ids]) => [machine, [...ids].sort()]));
  }
}

/** Where the run's records go: set once by playwright.config.ts, inherited by the workers. */
export const transitionsDir = () => process.env.E2E_TRANSITIONS_DIR;

/**
 * One file per test. A test that did not pass leaves its file empty: its rows in ui-coverage.json are dropped
 * rather than kept from an earlier run, and what it took on the way to failing does not count.
 */
export function writeTestTransitions(info: TestInfo, taken: TakenTransitions): void {
  const dir = transitionsDir();
  if (!dir) return;
  const root = dirname(info.config.configFile ?? join(info.config.rootDir, '..', '..', 'playwright.config.ts'));
  const record: TestTransitions = {
    file: relative(root, info.file).split('\\').join('/'),
    title: info.titlePath.slice(1).join(' › '),
    transitions: info.status === info.expectedStatus && info.status === 'passed' ? taken.byMachine() : {},
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${info.testId}.json`), JSON.stringify(record));
}
