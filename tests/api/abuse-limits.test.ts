import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, TEST_USER_PASSWORD, type TestUser } from '../support/money';
import { newIp } from '../support/accounts';
import { walletClient } from '../support/wallet-client';
import { issueSession } from '../../server/auth/session-tokens';
import { SANDBOX_CARDS } from '../../server/providers/sandbox/card';
import { SANDBOX_PAYOUT_INACTIVE_MARK, SANDBOX_PAYOUT_WRONG_PASSWORD } from '../../server/providers/sandbox/payouts';

/**
 * The abuse limits of issue 21, each at its boundary: the Nth attempt allowed, the N+1th a 429 problem with
 * Retry-After and a localised detail, allowed again once the window has passed (the harness's clock moves).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function expectTooMany(res: LightMyRequestResponse, detail: string, maxSeconds: number): void {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(429);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json().code).toBe('too_many_attempts');
  expect(res.json().detail).toBe(detail);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(maxSeconds - 120);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
}

describe.each(databaseKinds())('abuse limits on $name', (kind) => {
  let api: ApiHarness;
  const newUser = () => createUser(api.fresh.database, api.clock.now());
  const as = (u: TestUser, method: 'POST', path: string, body: unknown, ip: string, lang = 'en', key?: string) =>
    api.inject({
      method,
      url: `/api/app/user/${u.id}${path}?lang=${lang}`,
      headers: { authtoken: u.token, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
      remoteAddress: ip,
    });
  /** Sessions idle out after 30 minutes: after moving the clock, a fresh one. */
  const renew = async (u: TestUser) => {
    u.token = await issueSession(api.fresh.database.db, u.id, api.clock.now());
  };

  beforeAll(async () => {
    api = await startApi(kind);
  }, 180_000);
  afterAll(() => api.close());

  describe('payment requests', () => {
    const ask = (from: TestUser, to: TestUser, lang = 'en') =>
      as(from, 'POST', '/payment/request/', { receiverUserId: to.id, amount: '5.00', message: 'for the tickets' }, newIp(), lang);

    it('3 per sender → recipient a day: the 4th is refused (in hours, localised); others may still be asked; a day later, again', async () => {
      const [ana, bo, cy] = [await newUser(), await newUser(), await newUser()];
      for (let i = 0; i < 3; i++) expect((await ask(ana, bo)).statusCode).toBe(201);
      expectTooMany(await ask(ana, bo), 'Too many attempts. Please try again in 24 hours.', 24 * 3600);
      expect((await ask(ana, bo, 'es')).json().detail).toBe('Demasiados intentos. Vuelve a intentarlo en 24 horas.');
      expect((await ask(ana, cy)).statusCode).toBe(201);
      // The limit is per sender → recipient: bo may still ask ana.
      expect((await ask(bo, ana)).statusCode).toBe(201);
      api.clock.setOffset(api.clock.offset + 24 * HOUR + 1000);
      await renew(ana);
      expect((await ask(ana, bo)).statusCode).toBe(201);
    });

    it('20 per sender an hour, whoever is asked: the 21st is refused; an hour later, again', async () => {
      const ana = await newUser();
      const people: TestUser[] = [];
      for (let i = 0; i < 11; i++) people.push(await newUser());
      for (let i = 0; i < 20; i++) expect((await ask(ana, people[i % 10]!)).statusCode, `request ${i + 1}`).toBe(201);
      expectTooMany(await ask(ana, people[10]!), 'Too many attempts. Please try again in 60 minutes.', 3600);
      api.clock.setOffset(api.clock.offset + HOUR + 1000);
      await renew(ana);
      expect((await ask(ana, people[10]!)).statusCode).toBe(201);
    });

    it('only created requests count: refused ones (unknown recipient, too large) give their attempt back', async () => {
      const [ana, bo] = [await newUser(), await newUser()];
      for (let i = 0; i < 5; i++) {
        const unknown = await as(ana, 'POST', '/payment/request/', { receiverUserId: randomUUID(), amount: '5.00', message: 'x' }, newIp());
        expect(unknown.statusCode).toBe(404);
        const large = await as(ana, 'POST', '/payment/request/', { receiverUserId: bo.id, amount: '500.00', message: 'x' }, newIp());
        expect(large.statusCode).toBe(422);
      }
      for (let i = 0; i < 3; i++) expect((await ask(ana, bo)).statusCode).toBe(201);
      expect((await ask(ana, bo)).statusCode).toBe(429);
    });
  });

  describe('cards', () => {
    const addCard = (u: TestUser, number: string, ip: string) => as(u, 'POST', '/payment-methods/cards', walletClient(api).cardBody(number), ip);

    it('5 declined validations per user an hour: the 6th try is refused before the processor (even a good card); an hour later, again', async () => {
      const ann = await newUser();
      for (let i = 0; i < 5; i++) expect((await addCard(ann, SANDBOX_CARDS.declined, newIp())).statusCode).toBe(402);
      // A good card after five declines: refused without asking the processor, which would have accepted it.
      expectTooMany(await addCard(ann, SANDBOX_CARDS.success, newIp()), 'Too many attempts. Please try again in 60 minutes.', 3600);
      api.clock.setOffset(api.clock.offset + HOUR + 1000);
      await renew(ann);
      expect((await addCard(ann, SANDBOX_CARDS.success, newIp())).statusCode).toBe(201);
    });

    it('only declines count: cards added and forms refused use up nothing', async () => {
      const ann = await newUser();
      const ip = newIp();
      for (let i = 0; i < 6; i++) expect((await addCard(ann, SANDBOX_CARDS.success, ip)).statusCode).toBe(201);
      for (let i = 0; i < 6; i++) expect((await addCard(ann, '4242424242424241', ip)).statusCode).toBe(400);
      for (let i = 0; i < 5; i++) expect((await addCard(ann, SANDBOX_CARDS.declined, ip)).statusCode).toBe(402);
      expect((await addCard(ann, SANDBOX_CARDS.declined, ip)).statusCode).toBe(429);
    });

    it('20 declined validations per client address an hour, across users: the 21st is refused; other addresses are not', async () => {
      const ip = newIp();
      for (let i = 0; i < 5; i++) {
        const u = await newUser();
        for (let j = 0; j < 4; j++) expect((await addCard(u, SANDBOX_CARDS.declined, ip)).statusCode).toBe(402);
      }
      const fresh = await newUser();
      expectTooMany(await addCard(fresh, SANDBOX_CARDS.success, ip), 'Too many attempts. Please try again in 60 minutes.', 3600);
      expect((await addCard(fresh, SANDBOX_CARDS.success, newIp())).statusCode).toBe(201);
      api.clock.setOffset(api.clock.offset + HOUR + 1000);
      await renew(fresh);
      expect((await addCard(fresh, SANDBOX_CARDS.success, ip)).statusCode).toBe(201);
    });

    it('a card payment below $1.00 → 422, localised; $1.00 is accepted; the balance has no such floor', async () => {
      const wallet = walletClient(api);
      const [ann, bo] = [await newUser(), await newUser()];
      const card = await wallet.cardOf(ann);
      const send = (amount: string, paymentMethodId: string, lang = 'en') =>
        as(ann, 'POST', '/payment/send/', { receiverUserId: bo.id, amount, paymentMethodId }, newIp(), lang, randomUUID());
      const small = await send('0.99', card);
      expect(small.statusCode).toBe(422);
      expect(small.headers['content-type']).toContain('application/problem+json');
      expect(small.json().code).toBe('card_amount_too_small');
      expect(small.json().detail).toBe('Card payments must be at least $1.00');
      expect((await send('0.01', card, 'es')).json().detail).toBe('Los pagos con tarjeta deben ser de al menos $1.00');
      expect((await send('0.01', card, 'pt')).json().detail).toBe('Pagamentos com cartão devem ser de pelo menos $1.00');
      expect((await send('1.00', card)).statusCode).toBe(201);
      await fundWallet(api.fresh.database, ann.id, 100, api.clock.now());
      expect((await send('0.01', 'balance')).statusCode).toBe(201);
    });

    it('paying a request of less than $1.00 by card → 422; a card deposit below $1.00 → 422', async () => {
      const wallet = walletClient(api);
      const [ann, bo] = [await newUser(), await newUser()];
      const card = await wallet.cardOf(ann);
      const asked = await as(bo, 'POST', '/payment/request/', { receiverUserId: ann.id, amount: '0.50', message: 'gum' }, newIp());
      expect(asked.statusCode).toBe(201);
      const paymentId = asked.json().data[0].payment_id;
      const pay = await as(ann, 'POST', '/payment/send/', { receiverUserId: bo.id, amount: '0.50', paymentMethodId: card, paymentId }, newIp(), 'en', randomUUID());
      expect(pay.statusCode, pay.body).toBe(422);
      expect(pay.json().code).toBe('card_amount_too_small');
      const deposit = await as(ann, 'POST', '/deposits/card', { paymentMethodId: card, amount: '0.99' }, newIp(), 'en', randomUUID());
      expect(deposit.statusCode).toBe(422);
      expect(deposit.json().code).toBe('deposit_amount_out_of_range');
      expect(deposit.json().detail).toMatch(/^Card deposits must be from \$1\.00 to /);
      expect((await as(ann, 'POST', '/deposits/card', { paymentMethodId: card, amount: '1.00' }, newIp(), 'en', randomUUID())).statusCode).toBe(201);
    });
  });

  describe('payout account linking', () => {
    const link = (u: TestUser, email: string, password: string) =>
      // With the account's own password (the step-up passes): what is counted is the provider's refusals.
      as(u, 'POST', '/payout-account', { current_password: TEST_USER_PASSWORD, email, password, bankAccountNumber: '12345678' }, newIp());
    const good = 'Corr3ct!payout';

    it('5 failed links per user an hour: the 6th try is refused before the provider; an hour later, again', async () => {
      const ann = await newUser();
      for (let i = 0; i < 4; i++) expect((await link(ann, `ann.${i}@example.com`, SANDBOX_PAYOUT_WRONG_PASSWORD)).statusCode).toBe(422);
      // An account not activated is a refusal by the provider too (it tells whether the credentials were right).
      expect((await link(ann, `${SANDBOX_PAYOUT_INACTIVE_MARK}.ann@example.com`, good)).statusCode).toBe(422);
      expectTooMany(await link(ann, 'ann.payouts@example.com', good), 'Too many attempts. Please try again in 60 minutes.', 3600);
      api.clock.setOffset(api.clock.offset + HOUR + 1000);
      await renew(ann);
      expect((await link(ann, 'ann.payouts@example.com', good)).statusCode).toBe(200);
    });

    it('5 failed links per payout email an hour, whoever tries: the 6th is refused (any case of the address), also for its owner', async () => {
      const target = `victim.${Date.now()}@example.com`;
      for (let i = 0; i < 5; i++) {
        const u = await newUser();
        expect((await link(u, i % 2 ? target.toUpperCase() : target, SANDBOX_PAYOUT_WRONG_PASSWORD)).statusCode).toBe(422);
      }
      const owner = await newUser();
      expectTooMany(await link(owner, target, good), 'Too many attempts. Please try again in 60 minutes.', 3600);
      expect((await link(owner, `other.${target}`, good)).statusCode).toBe(200);
    });
  });

  describe('the supporters wall (public, issue 23)', () => {
    const get = (path: string, ip: string, lang = 'en') => api.inject({ method: 'GET', url: `/api/app/public/profile/${path}?lang=${lang}`, remoteAddress: ip });
    const supporters = (username: string, ip: string, lang = 'en') => get(`${encodeURIComponent(username)}/supporters`, ip, lang);

    it('120 calls per client address a minute, known pages and unknown alike: the 121st is refused ("in a minute", localised); other addresses are not; a minute later, again', async () => {
      const maya = await newUser();
      const ip = newIp();
      for (let i = 0; i < 120; i++) {
        const res = await supporters(i % 2 ? maya.username : `nobody_${i}`, ip);
        expect(res.statusCode, `call ${i + 1}`).toBe(i % 2 ? 200 : 404);
      }
      expectTooMany(await supporters(maya.username, ip), 'Too many attempts. Please try again in a minute.', 60);
      // Refused before the lookup: an unknown page gets the same 429.
      expectTooMany(await supporters('nobody_at_all', ip, 'es'), 'Demasiados intentos. Vuelve a intentarlo en un minuto.', 60);
      expectTooMany(await supporters(maya.username, ip, 'pt'), 'Muitas tentativas. Tente novamente em um minuto.', 60);
      expect((await supporters(maya.username, newIp())).statusCode).toBe(200);
      // The public profile itself is not counted here (shared caches keep it a minute).
      expect((await get(encodeURIComponent(maya.username), ip)).statusCode).toBe(200);
      api.clock.setOffset(api.clock.offset + 61_000);
      expect((await supporters(maya.username, ip)).statusCode).toBe(200);
    });

    it('an unknown, closed or not set-up account answers exactly as the public profile does (the same lookup): no enumeration', async () => {
      const [closed, unfinished, active] = [await newUser(), await newUser(), await newUser()];
      await api.fresh.database.rows(sql`UPDATE users SET account_status = 'closed' WHERE id = ${closed.id}`);
      await api.fresh.database.rows(sql`UPDATE users SET country = NULL WHERE id = ${unfinished.id}`);
      for (const [name, lang] of [
        ['nobody_by_that_name', 'en'],
        [closed.username, 'es'],
        [unfinished.username.toUpperCase(), 'pt'],
      ] as const) {
        const ip = newIp();
        const profile = await get(encodeURIComponent(name), ip, lang);
        const wall = await supporters(name, ip, lang);
        expect(profile.statusCode, name).toBe(404);
        const { instance: profileAt, ...profileBody } = profile.json();
        const { instance: wallAt, ...wallBody } = wall.json();
        expect([wall.statusCode, wall.headers['content-type'], wall.headers['cache-control']], name).toEqual([
          profile.statusCode,
          profile.headers['content-type'],
          profile.headers['cache-control'],
        ]);
        expect(wallBody, name).toEqual(profileBody);
        expect(wallBody.code).toBe('profile_not_found');
        expect([profileAt, wallAt]).toEqual([`/api/app/public/profile/${encodeURIComponent(name)}`, `/api/app/public/profile/${encodeURIComponent(name)}/supporters`]);
      }
      const ip = newIp();
      expect([(await get(active.username, ip)).statusCode, (await supporters(active.username, ip)).statusCode]).toEqual([200, 200]);
    });
  });

  describe('activity search (issue 26)', () => {
    const list = (u: TestUser, query: string, lang = 'en') =>
      api.inject({ method: 'GET', url: `/api/app/user/${u.id}/payment/list?${query}&lang=${lang}`, headers: { authtoken: u.token }, remoteAddress: newIp() });

    it('120 note searches per user in 10 minutes: the 121st is refused, localised; the plain list and the other filters are not counted; 10 minutes later, again', async () => {
      const [ann, bo] = [await newUser(), await newUser()];
      for (let i = 0; i < 120; i++) expect((await list(ann, `q=coffee${i % 7}`)).statusCode, `search ${i + 1}`).toBe(200);
      expectTooMany(await list(ann, 'q=coffee'), 'Too many attempts. Please try again in 10 minutes.', 600);
      expectTooMany(await list(ann, 'q=pizza&status=complete', 'es'), 'Demasiados intentos. Inténtalo de nuevo en 10 minutos.', 600);
      // Plain listing, paging and the index-served filters stay open, as many times as asked.
      for (let i = 0; i < 130; i++) expect((await list(ann, i % 2 ? 'startPage=1' : `person=${bo.username}&minAmount=1`)).statusCode).toBe(200);
      // Per user: Bo searches as usual.
      expect((await list(bo, 'q=coffee')).statusCode).toBe(200);
      api.clock.setOffset(api.clock.offset + 10 * MINUTE + 1000);
      await renew(ann);
      expect((await list(ann, 'q=coffee')).statusCode).toBe(200);
    });
  });
});
