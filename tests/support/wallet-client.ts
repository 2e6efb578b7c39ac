import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import type { ApiHarness } from './api-app';
import type { TestUser } from './money';
import { runDueJobs } from '../../server/jobs/runner';
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
    putBank: (u: TestUser, body: unknown, lang: Lang = 'en') =>
      api.inject({ method: 'PUT', url: `${base(u)}/bank-account?lang=${lang}`, headers: headers(u), payload: body as object }),
    getBank: (u: TestUser) => get(u, '/bank-account'),
    linkPayout: (u: TestUser, body: unknown, lang: Lang = 'en') => post(u, '/payout-account', body, undefined, lang),
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

export type WalletClient = ReturnType<typeof walletClient>;

/** Smallest valid files of each accepted type (magic numbers first), padded to `size` bytes. */
export const FILES = {
  jpeg: (size = 64) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(Math.max(0, size - 4), 1)]),
  png: (size = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(Math.max(0, size - 8), 2)]),
  mp4: (size = 64) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(Math.max(0, size - 12), 3)]),
  mov: (size = 64) => Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.alloc(Math.max(0, size - 12), 4)]),
  text: () => Buffer.from('just some text, not a photo at all'),
};
