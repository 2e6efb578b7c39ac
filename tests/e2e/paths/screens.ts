import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { screenFileName, screenStateKey, SCREEN_WIDTHS, screenLanguages, type ScreenLanguage } from '../../../machines/graph/flow-screens';
import { SHOW_LANGUAGE } from '../../../src/lib/transition-binding';

/**
 * The flow as screens (issue 27 item 5): after a generated path's step has shown its state on screen (the driver's
 * `screen` check passed), the page is captured at each width of SCREEN_WIDTHS, in English, and for the payment
 * flows in Spanish and Portuguese too — once per machine, state, width and language in the whole run (the first test
 * to get there reserves the file; the workers share the directory). The page's state is left as it was: the same
 * size and language afterwards, nothing clicked. WebP from Chromium itself (the DevTools protocol's capture), at a
 * quality that keeps the words legible and the files small; the window as tall as the page, at most SCREEN_MAX_HEIGHT
 * (a longer page shows the part the test was working in, where it had scrolled).
 *
 * The captures go to E2E_SCREENS_DIR (playwright.config.ts); the run's teardown moves them to docs/flows/screens
 * (support/flow-screens-teardown.ts), where the explorer (/flows) shows them beside the diagram.
 */
const QUALITY = 45;
const SCREEN_MAX_HEIGHT = 1_800;
const HEIGHT: Record<number, number> = { 375: 812, 1280: 860 };

export const screensDir = () => process.env.E2E_SCREENS_DIR;

/** Reserves a capture for this run: true for the first caller (of every worker), false once taken. */
function reserve(file: string): boolean {
  try {
    closeSync(openSync(file, 'wx'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Two frames: the layout and paint after a change of size or language. A page whose clock a test paused
 * (page.clock) draws no frame until it runs again: then a short wait of the test's own clock stands in for them.
 */
const settled = (page: Page) =>
  Promise.race([
    page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))),
    new Promise<void>((done) => setTimeout(done, 300)),
  ]);

async function showLanguage(page: Page, language: ScreenLanguage): Promise<void> {
  await page.evaluate(async ({ hook, language }) => {
    const show = Reflect.get(window, hook) as ((l: string) => Promise<void>) | undefined;
    if (!show) throw new Error('the page has no language hook: is the transition recorder loaded?');
    await show(language);
  }, { hook: SHOW_LANGUAGE, language });
}

export async function captureStateScreens(page: Page, machine: string, snapshot: AnyMachineSnapshot): Promise<void> {
  const root = screensDir();
  if (!root) return;
  const dir = join(root, machine);
  mkdirSync(dir, { recursive: true });
  const state = screenStateKey(snapshot);
  const wanted = screenLanguages(machine).flatMap((language) =>
    SCREEN_WIDTHS.map((width) => ({ language, width, file: join(dir, screenFileName(state, width, language)) })),
  );
  const todo = wanted.filter(({ file }) => reserve(file));
  if (todo.length === 0) return;

  const original = page.viewportSize();
  const cdp = await page.context().newCDPSession(page);
  let language: ScreenLanguage = 'en';
  try {
    for (const shot of todo) {
      if (shot.language !== language) {
        await showLanguage(page, shot.language);
        language = shot.language;
      }
      // The window made as tall as the page (up to the limit) rather than a capture beyond the window: bars fixed to
      // the window's edges (the phone's tab bar, the desktop's side menu) stay where a person sees them.
      await page.setViewportSize({ width: shot.width, height: HEIGHT[shot.width] ?? 860 });
      await settled(page);
      const tall = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), SCREEN_MAX_HEIGHT);
      if (tall > (HEIGHT[shot.width] ?? 860)) {
        await page.setViewportSize({ width: shot.width, height: tall });
        await settled(page);
      }
      const { data } = (await cdp.send('Page.captureScreenshot', { format: 'webp', quality: QUALITY })) as { data: string };
      writeFileSync(shot.file, Buffer.from(data, 'base64'));
    }
  } finally {
    if (language !== 'en') await showLanguage(page, 'en');
    if (original) await page.setViewportSize(original);
    await settled(page);
    await cdp.detach();
  }
}
