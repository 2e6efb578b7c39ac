import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { PASSWORD_VERIFY_CHANNEL } from '../../server/auth/passwords';
import type { ApiHarness } from './api-app';

/** A password that meets every rule of domain/rules/account-rules.ts. */
export const GOOD_PASSWORD = 'Str0ng!pass';
export const OTHER_PASSWORD = 'An0ther#pass';

let counter = 0;

/** A fresh email per call (tests share one database per file). */
export function newEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${Date.now().toString(36)}@example.com`;
}

/** A fresh client address per call, so the per-address rate limits of one test do not touch another. */
export function newIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  token?: string;
  cookie?: string;
  ip?: string;
  lang?: 'en' | 'es' | 'pt';
}

export function call(api: ApiHarness, c: Call): Promise<LightMyRequestResponse> {
  const sep = c.url.includes('?') ? '&' : '?';
  const headers: Record<string, string> = {};
  if (c.token) headers.authtoken = c.token;
  if (c.cookie) headers.cookie = c.cookie;
  return api.inject({
    method: c.method,
    url: `${c.url}${sep}lang=${c.lang ?? 'en'}`,
    headers,
    remoteAddress: c.ip ?? newIp(),
    ...(c.body === undefined ? {} : { payload: c.body as object }),
  });
}

export interface SignedUp {
  userId: string;
  email: string;
  password: string;
  token: string;
  response: LightMyRequestResponse;
}

export async function signUp(api: ApiHarness, options: { email?: string; password?: string; purchase?: unknown } = {}): Promise<SignedUp> {
  const email = options.email ?? newEmail();
  const password = options.password ?? GOOD_PASSWORD;
  const body: Record<string, unknown> = { email, password };
  if (options.purchase) body.purchase = options.purchase;
  const response = await call(api, { method: 'POST', url: '/api/app/user/create/', body });
  expect(response.statusCode, response.body).toBe(201);
  const json = response.json();
  return { userId: json.user.userId, email, password, token: json.authToken, response };
}

export async function outboxFor(api: ApiHarness, to: string): Promise<{ subject: string; body: string; createdAt: string }[]> {
  const res = await api.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=100` });
  expect(res.statusCode).toBe(200);
  return res.json().messages;
}

/** The newest verification code mailed to `email` (and the link that carries it). */
export async function latestCode(api: ApiHarness, email: string): Promise<{ code: string; link: string }> {
  const [message] = await outboxFor(api, email);
  const code = /code is (\d{6})/.exec(message?.body ?? '')?.[1];
  const link = /(\S+\/verify-email\?\S+)/.exec(message?.body ?? '')?.[1];
  if (!code || !link) throw new Error(`no verification email for ${email}`);
  return { code, link };
}

/** The newest reset link mailed to `email`, and its saltcode. */
export async function latestReset(api: ApiHarness, email: string): Promise<{ saltcode: string; link: string }> {
  const messages = await outboxFor(api, email);
  const message = messages.find((m) => m.body.includes('/reset-password?'));
  const link = /(\S+\/reset-password\?\S+)/.exec(message?.body ?? '')?.[1];
  if (!link) throw new Error(`no reset email for ${email}`);
  return { saltcode: new URL(link).searchParams.get('saltcode')!, link };
}

export async function login(api: ApiHarness, email: string, password: string, ip?: string): Promise<LightMyRequestResponse> {
  return call(api, { method: 'POST', url: '/api/app/user/login/', body: { email, password }, ...(ip ? { ip } : {}) });
}

export async function verifyEmail(api: ApiHarness, email: string): Promise<void> {
  const { code } = await latestCode(api, email);
  const res = await call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email, otp: code } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The `Set-Cookie` headers of a response, by cookie name. */
export function cookiesOf(res: LightMyRequestResponse): Map<string, { value: string; attributes: string[] }> {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const out = new Map<string, { value: string; attributes: string[] }>();
  for (const line of list) {
    const [pair, ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair!.indexOf('=');
    out.set(pair!.slice(0, eq), { value: pair!.slice(eq + 1), attributes });
  }
  return out;
}

export const MINUTE = 60_000;

/** The field errors of a 400, as field → message. */
export function fieldMessages(res: LightMyRequestResponse): Record<string, string> {
  const errors = (res.json().errors ?? []) as { field: string; message: string }[];
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}

/**
 * The password verifies (argon2, by the cost of the hash each ran against) that `run` caused in this process, read
 * from the server's diagnostics channel (server/auth/passwords.ts): what a sign-in costs, without timing it.
 */
export async function passwordVerifies(run: () => Promise<unknown>): Promise<string[]> {
  const costs: string[] = [];
  const listen = (message: unknown) => costs.push((message as { cost: string }).cost);
  subscribe(PASSWORD_VERIFY_CHANNEL, listen);
  try {
    await run();
  } finally {
    unsubscribe(PASSWORD_VERIFY_CHANNEL, listen);
  }
  return costs;
}
