import type { Page } from '@playwright/test';
import { DESKTOP, mainHeading, PHONE, signInAs } from './support/app';
import { expect, test } from './support/test';

/**
 * Spec 1: the customer-chat widget and the session recorder, loaded from the environment. The main e2e server
 * configures neither; a second one (playwright.config.ts) configures both, on hosts answered here by page.route.
 */
const CHAT = process.env.E2E_CHAT_WIDGET_URL!;
const RECORDING = process.env.E2E_SESSION_RECORDING_URL!;

// Stand-ins for the vendors' scripts: they record what the page told them, as a real adapter would read it.
const CHAT_SCRIPT = `
  window.chatSeen = [window.tipjarChat && window.tipjarChat.verticalPadding];
  window.addEventListener('tipjar:chat-settings', (e) => window.chatSeen.push(e.detail.verticalPadding));`;
const RECORDING_SCRIPT = `
  window.recordingSeen = [window.tipjarRecording && window.tipjarRecording.userId];
  window.addEventListener('tipjar:recording-user', (e) => window.recordingSeen.push(e.detail.userId));`;

async function serveWidgetScripts(page: Page) {
  const fetched: string[] = [];
  await page.route(CHAT, (route) => {
    fetched.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: CHAT_SCRIPT });
  });
  await page.route(RECORDING, (route) => {
    fetched.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: RECORDING_SCRIPT });
  });
  return fetched;
}

const seen = (page: Page, name: 'chatSeen' | 'recordingSeen') =>
  page.evaluate((key) => (window as unknown as Record<string, unknown[] | undefined>)[key] ?? null, name);

test.describe('not configured (the main server)', () => {
  test('no widget is named, the CSP allows no third party, and nothing is fetched', async ({ page }) => {
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('http://127.0.0.1')) thirdParty.push(request.url());
    });
    const response = await page.goto('/');
    await expect(mainHeading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('meta[name="tipjar-chat-widget"], meta[name="tipjar-session-recording"]')).toHaveCount(0);
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(csp).toContain("connect-src 'self';");
    expect(thirdParty).toEqual([]);
  });
});

test.describe('configured (the widgets server)', () => {
  test.use({ baseURL: process.env.E2E_WIDGETS_URL });

  test('on a phone: both load after the page is up, the chat gets 80 px of padding, then 0 on a wide screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const fetched = await serveWidgetScripts(page);
    await page.goto('/');
    await expect(mainHeading(page)).toBeVisible();
    await expect.poll(() => seen(page, 'chatSeen')).toEqual([80]);
    expect(fetched.sort()).toEqual([CHAT, RECORDING].sort());
    // Never render-blocking: inserted async, after the first render (not in the HTML the server sent).
    for (const src of [CHAT, RECORDING]) {
      await expect(page.locator(`script[src="${src}"]`)).toHaveJSProperty('async', true);
    }
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => seen(page, 'chatSeen')).toEqual([80, 0]);
  });

  test('the recording is keyed by the signed-in user, and by nobody for a visitor', async ({ page, context }) => {
    await serveWidgetScripts(page);
    await page.goto('/');
    await expect.poll(() => seen(page, 'recordingSeen')).toEqual([null]);
    const account = await signInAs(context);
    await page.goto('/');
    await expect.poll(() => seen(page, 'recordingSeen')).toEqual([account.user.userId]);
  });

  test('a stalled widget never holds up the page', async ({ page, consoleErrors }) => {
    const stalled: Array<() => Promise<void>> = [];
    await page.route(CHAT, (route) => void stalled.push(() => route.abort()));
    await page.route(RECORDING, (route) => void stalled.push(() => route.abort()));
    await page.goto('/how-it-works');
    await expect(mainHeading(page)).toBeVisible();
    await expect.poll(() => stalled.length).toBe(2);
    await page.getByRole('banner').getByRole('link', { name: 'Join' }).click();
    await expect(page).toHaveURL('/welcome');
    await expect(mainHeading(page)).toBeVisible();
    // Now they fail: the browser logs the failed downloads, which are the point of this test, and the page stays.
    for (const abort of stalled) await abort();
    await expect(mainHeading(page)).toBeVisible();
    consoleErrors.splice(0);
  });

  test('the CSP still refuses every origin that was not configured', async ({ page, consoleErrors }) => {
    await serveWidgetScripts(page);
    const response = await page.goto('/');
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toContain('https://chat.widget.test');
    expect(csp).toContain('https://recorder.widget.test');
    const outcome = await page.evaluate(() =>
      fetch('https://elsewhere.widget.test/collect').then(
        () => 'sent',
        () => 'refused',
      ),
    );
    expect(outcome).toBe('refused');
    expect(consoleErrors.some((message) => message.includes('Content Security Policy'))).toBe(true);
    consoleErrors.splice(0);
  });
});
