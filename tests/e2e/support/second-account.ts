import type { Browser } from '@playwright/test';
import { createAccount, type TestAccount } from './app';

/**
 * Another person's account, made in a browser context of its own (its cookies are not the test's, so the test's
 * page stays signed in as it was, or signed out), which is closed again: set up and verified unless told otherwise.
 */
export async function secondAccount(browser: Browser, options: Parameters<typeof createAccount>[1] = { setUp: { fullName: 'Bo Lindqvist' } }): Promise<TestAccount> {
  const other = await browser.newContext();
  try {
    return await createAccount(other, options);
  } finally {
    await other.close();
  }
}
