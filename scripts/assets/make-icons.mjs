// One-off asset tool (not part of the build): draws the app icons from the jar mark (the same shapes as
// public/favicon.svg and src/ui/logo.tsx) and renders them to PNG with the system Chromium. Outputs are committed
// in public/icons/; run this only to change them.   node scripts/assets/make-icons.mjs
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = fileURLToPath(new URL('../../public/icons', import.meta.url));
const BLUE = '#1f55e0';
const jar = (fill) =>
  `<path d="M10 11.5h12l-1.3 11.2a2 2 0 0 1-2 1.8h-5.4a2 2 0 0 1-2-1.8z" fill="#fff"/>` +
  `<rect x="9" y="8.5" width="14" height="3" rx="1.5" fill="#bcd2ff"/><circle cx="16" cy="17.5" r="2.6" fill="${fill}"/>`;

// "any": the rounded tile, as in the header; the corners stay transparent.
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BLUE}"/>${jar(BLUE)}</svg>`;
// "maskable" and Apple's icon: full bleed (the platform cuts its own shape); the jar's farthest corner is 32 % of
// the size from the centre, inside the 40 % radius every mask keeps.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(16 16.5) scale(0.95) translate(-16 -16.5)">${jar(BLUE)}</g></svg>`;

const icons = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['icon-maskable-192.png', fullBleed, 192],
  ['icon-maskable-512.png', fullBleed, 512],
  ['apple-touch-icon.png', fullBleed, 180],
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [name, svg, size] of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: join(out, name), omitBackground: true });
  await page.close();
  console.log(`${name}: ${size}×${size}, ${(statSync(join(out, name)).size / 1024).toFixed(1)} KB`);
}
await browser.close();
