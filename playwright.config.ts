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
// Each test's transitions (tests/e2e/support/ui-transitions.ts), merged into docs/flows/ui-coverage.json after the run.
process.env.E2E_TRANSITIONS_DIR ??= mkdtempSync(join(tmpdir(), 'tipjar-e2e-transitions-'));
// The screens of the states the generated paths reach (tests/e2e/paths/screens.ts), filed into docs/flows/screens after.
process.env.E2E_SCREENS_DIR ??= mkdtempSync(join(tmpdir(), 'tipjar-e2e-screens-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  globalTeardown: './tests/e2e/support/ui-coverage-teardown.ts',
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
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /\.clock\.spec\.ts$/ },
    // Tests that move the server's shared test clock (POST /api/dev/clock) would expire the sessions and codes of
    // tests running beside them: they run alone, after everything else.
    {
      name: 'clock',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /\.clock\.spec\.ts$/,
      dependencies: ['chromium'],
      fullyParallel: false,
      // And one file at a time: two clock files side by side move the clock under each other (a 72-hour jump
      // expires the other file's sessions mid-test).
      workers: 1,
    },
  ],
  webServer: [
    {
      // The seeded auditor first (tests/e2e/support/seed-auditor.ts): no HTTP route grants a role, and once the
      // server runs its PGlite directory is locked.
      command: 'npx tsx tests/e2e/support/seed-auditor.ts && node dist/server/main.js',
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
        // Emailed links point at the origin the tests browse, so the cookies they set belong to it.
        PUBLIC_URL: BASE_URL,
        // Each test sends its own X-Forwarded-For (support/test.ts): separate clients for the rate limits.
        TRUST_PROXY: '1',
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
