import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: the built app served by the real server (`npm run build` first) on a fresh PGlite
 * directory, in Debian's Chromium (browsers cannot be downloaded here).
 */
const PORT = Number(process.env.E2E_PORT ?? 3107);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A second server with the chat widget and session recorder configured (tests/e2e/support-widgets.spec.ts);
// their scripts live on hosts that only exist inside the tests, which answer them with page.route.
const WIDGETS_PORT = PORT + 1;
process.env.E2E_WIDGETS_URL ??= `http://127.0.0.1:${WIDGETS_PORT}`;
process.env.E2E_CHAT_WIDGET_URL ??= 'https://chat.widget.test/loader.js';
process.env.E2E_SESSION_RECORDING_URL ??= 'https://recorder.widget.test/record.js';

// Set once in the runner process; workers inherit the variables, so every process agrees on the directories.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tipjar-e2e-'));
process.env.E2E_WIDGETS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tipjar-e2e-widgets-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node dist/server/main.js',
      url: `${BASE_URL}/api/app/version`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: 'test',
      },
    },
    {
      command: 'node dist/server/main.js',
      url: `${process.env.E2E_WIDGETS_URL}/api/app/version`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(WIDGETS_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_WIDGETS_DATA_DIR,
        NODE_ENV: 'test',
        CHAT_WIDGET_URL: process.env.E2E_CHAT_WIDGET_URL,
        SESSION_RECORDING_URL: process.env.E2E_SESSION_RECORDING_URL,
      },
    },
  ],
});
