import type { APIRequestContext } from '@playwright/test';
import { mainHeading } from './support/app';
import { expect, test } from './support/test';

/** Issue 8: a web-app manifest and icons, so the app can be added to a phone's home screen. */

/** Width and height from a PNG's IHDR chunk: the icon is what its `sizes` says. */
async function pngSize(request: APIRequestContext, src: string) {
  const response = await request.get(src);
  expect(response.status(), src).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the page links a manifest Chromium accepts, with real icons of the sizes it names', async ({ page, request }) => {
  await page.goto('/');
  await expect(mainHeading(page)).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1f55e0');

  // The browser's own reading of the manifest: no parse errors, and the fields that make it installable.
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  const data = JSON.parse(manifest.data!) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(data).toMatchObject({ name: 'Tipjar', start_url: '/', display: 'standalone', theme_color: '#1f55e0' });
  const purposes = data.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of data.icons) expect(await pngSize(request, icon.src)).toBe(icon.sizes);

  const served = await request.get('/manifest.webmanifest');
  expect(served.headers()['content-type']).toContain('application/manifest+json');

  // Chromium's installability check finds nothing missing. Playwright's contexts are incognito windows, where
  // nothing can be installed: that one reason is the test browser's, not the app's.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await pngSize(request, touch!)).toBe('180x180');
});
