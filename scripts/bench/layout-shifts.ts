/**
 * Names what shifts: loads public pages of the built app (dist/) on the bench's slow-4G, 4× CPU profile and prints
 * every layout-shift entry with its sources (the node, its rectangle before and after). bench:web gives the CLS;
 * this says which nodes make it. PGlite in a temporary directory; no accounts needed.
 *
 *   npx tsx scripts/bench/layout-shifts.ts [/ /how-it-works …]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, waitForServer } from '../../tests/support/server-process';

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const OBSERVE = `
window.__shifts = [];
const describe = (node) => {
  if (!node) return '(removed node)';
  if (node.nodeType !== 1) return '#text "' + (node.textContent || '').trim().slice(0, 40) + '"';
  const cls = typeof node.className === 'string' ? node.className.split(' ').slice(0, 3).join('.') : '';
  return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (cls ? '.' + cls : '') + ' "' + (node.textContent || '').trim().slice(0, 40) + '"';
};
const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__shifts.push({ at: Math.round(e.startTime), value: e.value, recent: e.hadRecentInput,
      sources: e.sources.map((s) => describe(s.node) + ' ' + rect(s.previousRect) + ' -> ' + rect(s.currentRect)) });
  }
}).observe({ type: 'layout-shift', buffered: true });`;

const port = await freePort();
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'tipjar-shifts-')) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  await waitForServer(port, 180_000);
  for (const path of paths) {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const shifts = (await page.evaluate('window.__shifts')) as { at: number; value: number; recent: boolean; sources: string[] }[];
    const total = shifts.filter((s) => !s.recent).reduce((n, s) => n + s.value, 0);
    console.log(`${path}: ${shifts.length} shifts, sum ${total.toFixed(3)}`);
    for (const s of shifts) {
      console.log(`  ${String(s.at).padStart(6)} ms  ${s.value.toFixed(4)}${s.recent ? ' (after input)' : ''}`);
      for (const source of s.sources) console.log(`      ${source}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}
