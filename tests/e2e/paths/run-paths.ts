import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { expect, test } from '../support/test';
import type { TakenTransitions } from '../support/ui-transitions';
import type { Driver, OutcomeDriver, PathRun } from './driver';
import {
  eventOfStep,
  initialSnapshot,
  invokedIn,
  nextSnapshot,
  pathsFileName,
  sampleEvents,
  stateName,
  transitionTaken,
  type GeneratedPath,
  type PathsFile,
  type PathStep,
} from './path-model';
import { captureStateScreens } from './screens';

/**
 * Runs the generated paths (tests/e2e/paths/generated/<name>.paths.json, written by `npm run flows:paths`) of the
 * given drivers, each path as its own test on a fresh page against the real server
 * (tests/e2e/generated-paths.spec.ts, generated-paths.clock.spec.ts):
 *
 * 1. the driver's preconditions (`start`, told the path's input when it names one of the driver's `inputs`), then
 *    the arrangements of the outcomes the screen's first calls must have, then the screen (`open`), and the
 *    transitions the machine takes by itself on the way (the driver's `opening`), each checked like a step's;
 * 2. per step: an event is caused on the screen (`perform`), after arranging the outcomes of the calls it starts; an
 *    outcome step is that call answering;
 * 3. after every step, (a) the machine's transition records (support/ui-transitions.ts, every transition in order)
 *    show the step's transition as the next one the machine took, and (b) the screen shows the state the machine
 *    is now in (`screen`, through its view-model) — unless a call is running, whose screen lasts only as long as it;
 *    (c) the first time the run reaches that state, its screen is captured for the atlas (screens.ts).
 *
 * The machine is replayed beside the browser (the driver's `machine`, with its sample outcomes), which gives the
 * state the screen is checked against, and catches a paths file the machine no longer agrees with.
 */
/** What a path test needs from the suite's fixtures (support/test.ts, with `recordEveryTransition`). */
interface PathFixtures {
  page: Page;
  context: BrowserContext;
  browser: Browser;
  takenTransitions: TakenTransitions;
  consoleErrors: string[];
}

export interface PathTest {
  title: string;
  /** Seeding (and, for clock drivers, moving the server's clock and signing in again) comes on top of the steps. */
  slow: boolean;
  run(fixtures: PathFixtures): Promise<void>;
}

/**
 * The tests of the given drivers' paths files, grouped by driver. The spec files declare them (a test belongs to the
 * file that declares it, and ui-coverage.json names tests by their spec file).
 */
export function pathTests(drivers: Driver<unknown>[]): Array<{ driver: string; tests: PathTest[] }> {
  return drivers.map((driver) => {
    const file: PathsFile = JSON.parse(readFileSync(new URL(`../../../${pathsFileName(driver.name)}`, import.meta.url), 'utf8'));
    return {
      driver: driver.name,
      tests: file.paths.map((path) => ({
        title: `takes ${path.covers.join(', ')}`,
        slow: driver.clock === true,
        run: ({ page, context, browser, takenTransitions, consoleErrors }: PathFixtures) =>
          runPath(driver, path, { page, context, browser }, takenTransitions, consoleErrors),
      })),
    };
  });
}

async function runPath<World>(
  driver: Driver<World>,
  path: GeneratedPath,
  fixtures: Omit<PathRun<World>, 'world'>,
  taken: TakenTransitions,
  consoleErrors: string[],
): Promise<void> {
  const run: PathRun<World> = { ...fixtures, world: await driver.start({ ...fixtures, input: path.input }) };
  const { steps } = path;
  const samples = sampleEvents(driver);
  const logged: number[] = [];

  /**
   * The outcomes from step `from` on, up to the next event: the calls the coming event (or the opening) starts. A
   * timer that event starts comes first when no call runs before it (a search's debounce after typing): the calls the
   * timer starts are arranged now too, because it may run out before the runner reaches its step (under load a
   * debounce passed while the typing was still being checked, and the search went out before its forced 503).
   */
  async function arrangeOutcomes(from: number): Promise<void> {
    await run.page.unrouteAll({ behavior: 'ignoreErrors' });
    let i = from;
    if (i < steps.length && byTimer(steps[i]!)) i += 1;
    for (; i < steps.length && steps[i]!.outcome !== undefined; i += 1) {
      const step = steps[i]!;
      const outcome = outcomeOf(driver, step);
      if (outcome.arrange) await test.step(`arrange ${step.event}: ${outcome.name}`, () => outcome.arrange!(run));
      if (outcome.logs) logged.push(outcome.logs);
    }
  }

  let snapshot = initialSnapshot(driver, path.input);
  let cursor = 0;
  let previous: string | null = null;
  await arrangeOutcomes(0);
  await test.step('open the screen', () => driver.open(run));
  for (const [index, transition] of (driver.opening?.(path.input) ?? []).entries()) {
    await test.step(`opening: ${transition}`, async () => {
      cursor = await expectTaken(taken, driver, cursor, previous, { event: '(opening)', transition }, index, 'opening');
    });
    previous = transition;
  }
  for (const [index, step] of steps.entries()) {
    const event = eventOfStep(driver, step, samples, snapshot);
    expect(transitionTaken(driver.machine, snapshot, event), `step ${index + 1}: the machine no longer takes this transition here; regenerate with npm run flows:paths`).toBe(
      step.transition,
    );
    const title = step.outcome === undefined ? `${step.event}${step.payload ? ` ${JSON.stringify(step.payload)}` : ''}` : `${step.event} (${step.outcome})`;
    await test.step(`${index + 1}. ${title} → ${step.transition}`, async () => {
      if (step.outcome === undefined) {
        // A timer right after an event (or the opening) had its calls arranged with it: arranging again would lift
        // their routes while the timer may be running out.
        const arrangedAhead = byTimer(step) && (index === 0 || steps[index - 1]!.outcome === undefined);
        if (!arrangedAhead) await arrangeOutcomes(index + 1);
        await driver.events[step.event]!.perform(run, step.payload ?? {}, snapshot);
      }
      cursor = await expectTaken(taken, driver, cursor, previous, step, index);
    });
    previous = step.transition;
    snapshot = nextSnapshot(driver, snapshot, event);
    if (!callRunning(driver, snapshot)) {
      const shown = snapshot;
      await test.step(`the screen shows ${stateName(shown)}`, () => driver.screen(run, shown));
      await captureStateScreens(run.page, driver.name, shown);
    }
  }
  dropLoggedAnswers(consoleErrors, logged);
}

/** A delayed event (`after`): the screen's own timer sends it, no person does. */
const byTimer = (step: PathStep) => step.outcome === undefined && step.event.startsWith('xstate.after.');

function outcomeOf<World>(driver: Driver<World>, step: PathStep): OutcomeDriver<World> {
  const [invoke = '', kind] = step.event.split(':');
  const outcomes = driver.outcomes[invoke];
  const found = (kind === 'done' ? outcomes?.done : outcomes?.error)?.find((o) => o.name === step.outcome);
  if (!found) throw new Error(`${driver.name}: no outcome "${step.outcome}" of ${step.event}: regenerate with npm run flows:paths`);
  return found;
}

/** A call of the driver's is running in this state: the screen shows it only until the answer, which may be in. */
const callRunning = <World>(driver: Driver<World>, snapshot: AnyMachineSnapshot) => invokedIn(driver, snapshot).some((name) => name in driver.outcomes);

/**
 * (a): the first transition the machine took after the previous step's (its repeats skipped: each keystroke of
 * one typed value is one; and those no step names: eventless ones, and the driver's `background` events) is the
 * step's. Returns where the next step's search starts.
 */
async function expectTaken<World>(
  taken: TakenTransitions,
  driver: Driver<World>,
  cursor: number,
  previous: string | null,
  step: PathStep,
  index: number,
  what = 'step',
): Promise<number> {
  const machine = driver.machine.id;
  const unnamed = new Set(['always', ...(driver.background ?? [])]);
  let at = cursor;
  await expect
    .poll(
      () => {
        const records = taken.recorded(machine);
        at = cursor;
        while (at < records.length && (unnamed.has(records[at]!.event) || (previous !== step.transition && records[at]!.transition === previous))) at += 1;
        return records[at]?.transition ?? '(no transition yet)';
      },
      { message: `${what} ${index + 1}: the ${machine} machine's next transition after ${previous ?? 'its start'}` },
    )
    .toBe(step.transition);
  return at + 1;
}

/**
 * The answers the path asked for that the browser logs as errors (a forced 503, a 422 refusal): each logged at least
 * once, then dropped, so the suite's check of the page's errors (support/test.ts) still sees every other one.
 */
function dropLoggedAnswers(consoleErrors: string[], statuses: number[]): void {
  for (const status of new Set(statuses)) {
    const lines = consoleErrors.filter((e) => e.includes(`status of ${status} `));
    expect(lines.length, `the browser logged the ${status} answer the path brought about`).toBeGreaterThan(0);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !lines.includes(e)));
  }
}
