import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import type { ApiHarness } from './api-app';
import { TEST_USER_PASSWORD, type TestUser } from './money';
import { eq } from 'drizzle-orm';
import { runDueJobs } from '../../server/jobs/runner';
import type { Database } from '../../server/db/database';
import { bankAccounts, payoutAccounts } from '../../server/db/schema/index';
import { DESTINATION_WAIT_MS } from '../../domain/limits';
import { SANDBOX_CARDS } from '../../server/providers/sandbox/card';

type Lang = 'en' | 'es' | 'pt';

/** Calls of the wallet API (cards, deposits, withdrawals, bank and payout accounts, media) as a given user. */
export function walletClient(api: ApiHarness) {
  const base = (u: TestUser) => `/api/app/user/${u.id}`;
  const headers = (u: TestUser, extra: Record<string, string> = {}) => ({ authtoken: u.token, ...extra });
  const get = (u: TestUser, path: string, lang: Lang = 'en') =>
    api.inject({ method: 'GET', url: `${base(u)}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`, headers: headers(u) });
  const post = (u: TestUser, path: string, body: unknown, key?: string, lang: Lang = 'en') =>
    api.inject({
      method: 'POST',
      url: `${base(u)}${path}?lang=${lang}`,
      headers: headers(u, key ? { 'idempotency-key': key } : {}),
      payload: body as object,
    });
  const nextYear = new Date().getUTCFullYear() + 1;
  // createUser's password, unless the test sets `current_password` itself (a key present as undefined: sent without).
  const steppedUp = (body: unknown) =>
    (body && typeof body === 'object' && 'current_password' in body ? body : { current_password: TEST_USER_PASSWORD, ...(body as object) }) as object;
  return {
    cardBody: (number: string = SANDBOX_CARDS.success, extra: Record<string, unknown> = {}) => ({
      nameOnCard: 'Ann Lee',
      number,
      expMonth: 12,
      expYear: nextYear,
      cvv: '123',
      country: 'US',
      postalCode: '94107',
      ...extra,
    }),
    addCard: (u: TestUser, body: unknown, lang: Lang = 'en') => post(u, '/payment-methods/cards', body, undefined, lang),
    /** Adds a card and returns its id (fails the test if it cannot). */
    async cardOf(u: TestUser, number: string = SANDBOX_CARDS.success): Promise<string> {
      const res = await post(u, '/payment-methods/cards', this.cardBody(number));
      if (res.statusCode !== 201) throw new Error(`card not added: ${res.statusCode} ${res.body}`);
      return res.json().card.id;
    },
    listCards: (u: TestUser) => get(u, '/payment-methods/cards'),
    removeCard: (u: TestUser, cardId: string, owner: TestUser = u) =>
      api.inject({ method: 'DELETE', url: `${base(owner)}/payment-methods/cards/${cardId}`, headers: headers(u) }),
    cardDeposit: (u: TestUser, body: unknown, key: string = randomUUID(), lang: Lang = 'en') => post(u, '/deposits/card', body, key, lang),
    usdtAddress: (u: TestUser) => get(u, '/deposits/usdt/address'),
    simulateUsdt: (user: string, amount: string) =>
      api.inject({ method: 'POST', url: '/api/dev/sandbox/usdt-transfers', payload: { user, amount } }),
    deposits: (u: TestUser, query = '') => get(u, `/deposits${query ? `?${query}` : ''}`),
    deposit: (u: TestUser, ref: string, owner: TestUser = u) =>
      api.inject({ method: 'GET', url: `${base(owner)}/deposits/${encodeURIComponent(ref)}`, headers: headers(u) }),
    withdraw: (u: TestUser, body: unknown, key: string = randomUUID(), lang: Lang = 'en') => post(u, '/withdrawals', body, key, lang),
    cancelWithdrawal: (u: TestUser, id: string, key: string = randomUUID()) => post(u, `/withdrawals/${id}/cancel`, undefined, key),
    withdrawals: (u: TestUser, query = '') => get(u, `/withdrawals${query ? `?${query}` : ''}`),
    withdrawal: (u: TestUser, ref: string, owner: TestUser = u) =>
      api.inject({ method: 'GET', url: `${base(owner)}/withdrawals/${encodeURIComponent(ref)}`, headers: headers(u) }),
    /** Saves the bank account with the caller's password (step-up) unless the body says otherwise. */
    putBank: (u: TestUser, body: unknown, lang: Lang = 'en') =>
      api.inject({ method: 'PUT', url: `${base(u)}/bank-account?lang=${lang}`, headers: headers(u), payload: steppedUp(body) }),
    getBank: (u: TestUser) => get(u, '/bank-account'),
    /** Links a payout account with the caller's Tipjar password (step-up) unless the body says otherwise. */
    linkPayout: (u: TestUser, body: unknown, lang: Lang = 'en') => post(u, '/payout-account', steppedUp(body), undefined, lang),
    getPayout: (u: TestUser) => get(u, '/payout-account'),
    unlinkPayout: (u: TestUser) => api.inject({ method: 'DELETE', url: `${base(u)}/payout-account`, headers: headers(u) }),
    upload: (u: TestUser, bytes: Buffer | Readable, contentType: string, name?: string, extra: Record<string, string> = {}) =>
      api.inject({
        method: 'POST',
        url: `${base(u)}/media${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`,
        headers: headers(u, { 'content-type': contentType, ...extra }),
        payload: bytes,
      }),
    media: (u: TestUser, id: string, owner: TestUser = u) =>
      api.inject({ method: 'GET', url: `${base(owner)}/media/${id}`, headers: headers(u) }),
    /** Runs every due background job (card captures, voids, confirmations, payouts). */
    jobs: () => runDueJobs({ database: api.fresh.database, clock: api.clock }),
    async balance(u: TestUser) {
      const res = await api.inject({ method: 'GET', url: `${base(u)}/wallet`, headers: headers(u) });
      return res.json() as { balance: string; available: string; held: string };
    },
  };
}

type WalletClient = ReturnType<typeof walletClient>;

/** Smallest valid files of each accepted type (magic numbers first), padded to `size` bytes. */
export const FILES = {
  jpeg: (size = 64) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(Math.max(0, size - 4), 1)]),
  png: (size = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(Math.max(0, size - 8), 2)]),
  mp4: (size = 64) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(Math.max(0, size - 12), 3)]),
  mov: (size = 64) => Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.alloc(Math.max(0, size - 12), 4)]),
  text: () => Buffer.from('just some text, not a photo at all'),
};

/**
 * Moves the user's bank and payout destinations' last change a day back, as if set yesterday: for tests of other
 * things than the 24-hour wait (issue 21), which withdrawals.test.ts proves through the API with the clock.
 */
export async function destinationsSetADayAgo(database: Database, userId: string, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DESTINATION_WAIT_MS);
  await database.db.update(bankAccounts).set({ destinationChangedAt: dayAgo }).where(eq(bankAccounts.userId, userId));
  await database.db.update(payoutAccounts).set({ linkedAt: dayAgo }).where(eq(payoutAccounts.userId, userId));
}
