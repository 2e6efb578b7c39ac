/**
 * The auditor the browser tests sign in as. No HTTP route grants a role (issue 21), and the e2e server holds its
 * PGlite directory locked while it runs, so tests/e2e/support/seed-auditor.ts writes this account into the fresh
 * E2E_DATA_DIR before the server starts (playwright.config.ts webServer).
 */
export const SEEDED_AUDITOR = {
  email: 'auditor@e2e.tipjar.example',
  password: 'Str0ng!pass',
  username: 'e2e_auditor',
  fullName: 'Ada Auditor',
} as const;
