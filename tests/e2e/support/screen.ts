import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Checks of what fits on a phone's screen (issue 22 item 9), shared by the specs that hold pages to 375 px. */

/** A phone as Chromium emulates one: 375×812 CSS px, a mobile viewport (meta viewport honoured) and touch. */
export const PHONE_DEVICE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

/**
 * Nothing wider than the screen: the page does not scroll sideways. Measured against the screen the test gave the
 * page, not window.innerWidth: with mobile emulation a wider page widens the layout viewport itself (the phone zooms
 * out), and innerWidth grows with it. `where` names the page in the failure message; `soft` lets a test that walks
 * many pages report every one that is too wide, not only the first.
 */
export async function expectNoSidewaysScroll(page: Page, where = '', options: { soft?: boolean } = {}) {
  const check = options.soft ? expect.soft : expect;
  const screen = page.viewportSize()!;
  const { scrollWidth, innerWidth, widest } = await page.evaluate((width) => {
    // What sticks out, named for the failure message: the innermost elements past the edge (their parents only
    // stick out because of them).
    const out = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    const widest = Array.from(document.body.getElementsByTagName('*'))
      .filter((el) => out(el) && !Array.from(el.children).some(out))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}px "${(el.textContent ?? '').slice(0, 40)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
  }, screen.width);
  check(scrollWidth, `${where} ${scrollWidth}px wide on a ${screen.width}px screen: ${widest.join(' | ')}`).toBeLessThanOrEqual(screen.width);
  check(innerWidth, `${where} the layout viewport is the screen (not zoomed out)`).toBe(screen.width);
}

/** The element lies wholly inside the visible screen (the size the test gave the page). */
export async function expectOnScreen(locator: Locator, what: string, options: { soft?: boolean } = {}) {
  const check = options.soft ? expect.soft : expect;
  const box = await locator.boundingBox();
  check(box, `${what} is rendered`).not.toBeNull();
  if (!box) return;
  const { width: innerWidth, height: innerHeight } = locator.page().viewportSize()!;
  check(box.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  check(box.y, `${what} top edge`).toBeGreaterThanOrEqual(0);
  check(box.x + box.width, `${what} right edge within ${innerWidth}px`).toBeLessThanOrEqual(innerWidth + 0.5);
  check(box.y + box.height, `${what} bottom edge within ${innerHeight}px`).toBeLessThanOrEqual(innerHeight + 0.5);
}

/** A screenshot attached to the report (whole page, CSS pixels: small files for a reviewer to page through). */
export async function attachShot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const path = testInfo.outputPath(`${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path, fullPage, scale: 'css' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
