import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Helpers shared by the browser tests. Selectors are roles and labels only, as a user perceives the page. */

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 860 };

export type Language = 'en' | 'es' | 'pt';

type Tree = { [key: string]: string | Tree };

/** A string from the locale files, so tests follow the translations instead of copying them. */
export function text(language: Language, namespace: 'common' | 'marketing' | 'legal' | 'support', key: string): string {
  const file = new URL(`../../../locales/${language}/${namespace}.json`, import.meta.url);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  const value = key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`No string ${language}/${namespace}:${key}`);
  return value;
}

export const COMPLETE_USER = {
  userId: '5f0c6a52-6d1e-4f55-9b0b-0f5d1c1b7a11',
  email: 'ana@example.com',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'ana.creates',
  country: 'BR',
  fullName: 'Ana Souza',
};

/**
 * Signs the browser in the way the app reads it: the `tipjar-user` cookie. There is no sign-in call yet
 * (accounts issue); the routing only depends on this cookie.
 */
export async function signInAs(
  context: BrowserContext,
  baseURL: string,
  user: Record<string, unknown> = COMPLETE_USER,
) {
  await context.addCookies([
    { name: 'tipjar-user', value: encodeURIComponent(JSON.stringify(user)), url: baseURL, sameSite: 'Strict' },
  ]);
}

/** Stores a language choice before the app starts, as a returning visitor would have it. */
export async function storeLanguage(page: Page, language: Language) {
  await page.addInitScript((value) => window.localStorage.setItem('tipjar-lang', value), language);
}

/** WCAG 2.2 AA, as the issue asks: 0 violations. */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/** The page's h1, once the lazy route has arrived. */
export function mainHeading(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}
