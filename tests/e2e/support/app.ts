import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/** Helpers shared by the browser tests. Selectors are roles and labels only, as a user perceives the page. */

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 860 };

export type Language = 'en' | 'es' | 'pt';

type Tree = { [key: string]: string | Tree };

/** A string from the locale files, so tests follow the translations instead of copying them. */
export function text(
  language: Language,
  namespace: 'common' | 'marketing' | 'legal' | 'support' | 'accounts' | 'payments' | 'activity' | 'atlas' | 'creators' | 'people' | 'settings' | 'wallet' | 'withdrawals',
  key: string,
): string {
  const file = new URL(`../../../locales/${language}/${namespace}.json`, import.meta.url);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  const value = key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`No string ${language}/${namespace}:${key}`);
  return value;
}

/** A password that meets every rule of domain/rules/account-rules.ts. */
export const PASSWORD = 'Str0ng!pass';

let serial = 0;

/** A fresh email for one test: tests share one server and one database. */
export function uniqueEmail(label = 'user'): string {
  serial += 1;
  return `${label}.${process.pid}.${serial}.${Date.now().toString(36)}@example.com`;
}

/** A fresh username (letters, digits, underscores; at most 30). */
export function uniqueUsername(label = 'user'): string {
  serial += 1;
  return `${label}_${process.pid.toString(36)}${serial}${Date.now().toString(36).slice(-5)}`.slice(0, 30);
}

export interface TestAccount {
  email: string;
  password: string;
  user: {
    userId: string;
    email: string;
    emailStatus: string;
    username: string | null;
    country: string | null;
    fullName: string | null;
  };
}

/**
 * Creates a real account through the API in the browser's own cookie jar (`context.request`), so the browser is
 * signed in exactly as after the sign-up form: HttpOnly session cookie plus the readable `tipjar-user`. With
 * `setUp` the account also gets its full name, username and country (the signed-in shell); without, it is held
 * on /set-up.
 */
export async function createAccount(
  context: BrowserContext,
  options: { setUp?: { fullName?: string; username?: string; country?: string } | false; email?: string; verified?: boolean } = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail();
  const created = await context.request.post('/api/app/user/create/', { data: { email, password: PASSWORD } });
  expect(created.status(), await created.text()).toBe(201);
  let { user } = (await created.json()) as { user: TestAccount['user'] };
  if (options.setUp !== false) {
    const body = {
      fullName: options.setUp?.fullName ?? 'Ana Souza',
      username: options.setUp?.username ?? uniqueUsername('ana'),
      country: options.setUp?.country ?? 'BR',
      eSignatureConsent: true,
    };
    const res = await context.request.patch(`/api/app/user/${user.userId}/set-up`, { data: body });
    expect(res.status(), await res.text()).toBe(200);
    ({ user } = (await res.json()) as { user: TestAccount['user'] });
  }
  // A set-up account is a complete one unless told otherwise: only a verified, set-up user may send, request, be
  // paid or asked, add a card or a price point (the set-up gate, issue 21).
  if (options.verified ?? options.setUp !== false) {
    const { code } = await latestCode(context.request, email);
    const verified = await context.request.post('/api/app/user/otp/email/', { data: { email, otp: code } });
    expect(verified.status(), await verified.text()).toBe(200);
    user = { ...user, emailStatus: 'verified' };
  }
  return { email, password: PASSWORD, user };
}

/** A signed-in, set-up (and verified) user for tests of the signed-in shell. */
export async function signInAs(context: BrowserContext, setUp: { fullName?: string; username?: string } = {}) {
  return createAccount(context, { setUp });
}

interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
}

/** The messages the server "sent" to `email` (dev outbox), newest first. */
export async function outbox(request: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** The newest 6-digit verification code and link mailed to `email`. */
export async function latestCode(request: APIRequestContext, email: string): Promise<{ code: string; link: string }> {
  const [message] = await outbox(request, email);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  const link = /(\S+\/verify-email\?\S+)/.exec(message?.body ?? '')?.[1];
  if (!code || !link) throw new Error(`no verification email for ${email}`);
  return { code, link };
}

/** The newest password-reset link mailed to `email`. */
export async function latestResetLink(request: APIRequestContext, email: string): Promise<string> {
  const messages = await outbox(request, email);
  const link = messages.map((m) => /(\S+\/reset-password\?\S+)/.exec(m.body)?.[1]).find(Boolean);
  if (!link) throw new Error(`no reset email for ${email}`);
  return link;
}

/** The path and query of an emailed link, to open on the test's own origin. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Stores a language choice before the app starts, as a returning visitor would have it. */
export async function storeLanguage(page: Page, language: Language) {
  await page.addInitScript((value) => window.localStorage.setItem('tipjar-lang', value), language);
}

/**
 * WCAG 2.2 AA, as the issue asks: 0 violations. Entry animations (a dialog or a toast fading in) are let finish first:
 * half-faded text is not what a reader sees, and axe would measure its contrast mid-fade. One cancelled meanwhile (its
 * element re-rendered or gone) rejects `finished`: it is over too.
 */
export async function expectNoA11yViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
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

/** Fills a translation's `{{name}}` placeholders, as i18next would. */
export function fmt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Notes the first `main h1` the HTML parser makes, before any script has run: on a page the server rendered, its own. */
export async function noteServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('main h1');
      if (!heading) return;
      (window as unknown as { serverHeading: Element }).serverHeading = heading;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** Whether the page's `main h1` is still the element the server sent (noteServerHeading): hydrated, not replaced. */
export function headingIsServers(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const heading = (window as unknown as { serverHeading?: Element }).serverHeading;
    return heading?.isConnected === true && heading === document.querySelector('main h1');
  });
}

/** Holds back the files matching `pattern` until the returned function is called (a page's strings, say). */
export async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
