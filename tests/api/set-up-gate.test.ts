import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { contractOperations, type ContractOperation } from '../support/contract-operations';
import { buildRequest } from '../support/contract-requests';
import { createIncompleteUser, type Incomplete } from '../support/incomplete-users';
import { paymentsClient } from '../support/payments-client';
import { eq } from 'drizzle-orm';
import { contacts, users } from '../../server/db/schema/index';

/**
 * The set-up gate (spec §6, issue 21): only a user with a complete profile — verified email and finished set-up —
 * may send, request, withdraw, add money, or create a card, a price point, a profile, a contact. Which operations
 * must be gated is decided here, independently of the contract's `x-requires-set-up` marker: every write with a
 * caller, except the ones listed below with their reason.
 */
const EXEMPT: Record<string, string> = {
  // The way out of the gate, and the account's own security and settings: needed before set-up is finished.
  setUpAccount: 'finishing set-up is what lifts the gate',
  changePassword: 'securing one\'s own account never waits',
  updatePreferences: 'language and notification choices',
  updateAccountInfo: 'correcting one\'s own email or name',
  closeAccount: 'leaving is always possible',
  // Proving who one is.
  sendPhoneCode: 'phone verification',
  verifyPhoneCode: 'phone verification',
  confirmPhone: 'phone verification',
  // Withdrawing from something never needs a complete profile, and moves no money to anyone.
  cancelPaymentRequest: 'cancelling or declining a request',
  removeCard: 'deleting a card',
  removePricePoint: 'deleting a price point',
  unlinkPayoutAccount: 'unlinking a payout account',
  cancelWithdrawal: 'cancelling a withdrawal gives the money back to the caller',
  // A creator tidying their own page moves no money.
  hideSupporter: 'hiding a message from one\'s own page',
};
/** Reads that are gated too: asking for a deposit address is adding money. */
const GATED_READS = ['getUsdtDepositAddress'];

const SET_UP_REQUIRED_EN =
  'Finish setting up your account first: verify your email address and complete your profile (username, country and full name).';

const operations = await contractOperations();
const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const mustBeGated = operations.filter(
  (op) => op.secured && !op.devOnly && ((writes.has(op.method) && !(op.operationId in EXEMPT)) || GATED_READS.includes(op.operationId)),
);
const marked = (op: ContractOperation) => (op.operation as { 'x-requires-set-up'?: boolean })['x-requires-set-up'] === true;

function expectSetUpRequired(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(403);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json().code).toBe('set_up_required');
  expect(res.json().detail).toBe(SET_UP_REQUIRED_EN);
}

describe('the contract marks the gated operations', () => {
  it('every operation that must be gated is marked x-requires-set-up and declares the 403', () => {
    expect(mustBeGated.length).toBeGreaterThanOrEqual(15);
    for (const op of mustBeGated) {
      expect(marked(op), `${op.operationId} must be x-requires-set-up`).toBe(true);
      expect(JSON.stringify(op.operation.responses['403'] ?? null), `${op.operationId} declares 403`).toContain('set_up_required');
    }
  });

  it('nothing else is marked, and every exempt operation exists', () => {
    const gated = new Set(mustBeGated.map((op) => op.operationId));
    expect(operations.filter(marked).map((op) => op.operationId).filter((id) => !gated.has(id))).toEqual([]);
    const known = new Set(operations.map((op) => op.operationId));
    expect(Object.keys(EXEMPT).filter((id) => !known.has(id))).toEqual([]);
  });
});

describe.each(databaseKinds())('the set-up gate on $name', (kind) => {
  let api: ApiHarness;
  let ready: TestUser;
  let callers: Record<Incomplete, TestUser>;
  const kinds: Incomplete[] = ['verified-no-set-up', 'unverified', 'unverified-set-up'];

  beforeAll(async () => {
    api = await startApi(kind);
    const db = api.fresh.database;
    ready = await createUser(db, api.clock.now());
    callers = {
      'verified-no-set-up': await createIncompleteUser(db, api.clock.now(), 'verified-no-set-up'),
      unverified: await createIncompleteUser(db, api.clock.now(), 'unverified'),
      'unverified-set-up': await createIncompleteUser(db, api.clock.now(), 'unverified-set-up'),
    };
    for (const u of Object.values(callers)) await fundWallet(db, u.id, 10_000, api.clock.now());
  }, 180_000);
  afterAll(() => api.close());

  for (const op of mustBeGated) {
    it(`${op.operationId} (${op.method} ${op.path}) answers 403 set_up_required to every incomplete caller`, async () => {
      for (const k of kinds) {
        const caller = callers[k];
        const request = buildRequest(op, { token: caller.token, ids: { receiverUserId: ready.id, contactUserId: ready.id } }, caller.id);
        expectSetUpRequired(await api.inject(request));
      }
    });
  }

  it('the plain send from the balance (one statement) and a card send are gated alike, in every language', async () => {
    const pay = paymentsClient(api);
    for (const k of kinds) {
      const caller = callers[k];
      expectSetUpRequired(await pay.send(caller, { receiverUserId: ready.id, amount: '1.00', paymentMethodId: 'balance' }));
      expectSetUpRequired(await pay.send(caller, { receiverUserId: ready.id, amount: '5.00', paymentMethodId: 'card_xyz' }));
    }
    const es = await pay.send(callers.unverified, { receiverUserId: ready.id, amount: '1.00', paymentMethodId: 'balance' }, undefined, 'es');
    expect(es.json().detail).toBe(
      'Primero termina de configurar tu cuenta: verifica tu correo electrónico y completa tu perfil (nombre de usuario, país y nombre completo).',
    );
    // Nothing moved.
    const wallet = await api.inject({ method: 'GET', url: `/api/app/user/${ready.id}/wallet`, headers: { authtoken: ready.token } });
    expect(wallet.json().balance).toBe('0.00');
  });

  it('a user who is not set up cannot be paid, asked or added: answered as if they did not exist', async () => {
    const pay = paymentsClient(api);
    await fundWallet(api.fresh.database, ready.id, 5_000, api.clock.now());
    for (const k of kinds) {
      const them = callers[k];
      for (const res of [
        await pay.send(ready, { receiverUserId: them.id, amount: '1.00', paymentMethodId: 'balance' }),
        await pay.request(ready, { receiverUserId: them.id, amount: '1.00', message: 'lunch' }),
        await api.inject({
          method: 'POST',
          url: `/api/app/user/${ready.id}/contacts`,
          headers: { authtoken: ready.token },
          payload: { contactUserId: them.id },
        }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().code).toBe('user_not_found');
      }
    }
    const wallet = await api.inject({ method: 'GET', url: `/api/app/user/${ready.id}/wallet`, headers: { authtoken: ready.token } });
    expect(wallet.json().balance).toBe('50.00');
  });

  it('search, contacts and top people never show an incomplete user', async () => {
    const db = api.fresh.database.db;
    const seeker = await createUser(api.fresh.database, api.clock.now());
    // A contact row made before the rule (or by an account that lost its verification) stays out of the list.
    for (const them of Object.values(callers)) {
      await db.insert(contacts).values({ ownerUserId: seeker.id, contactUserId: them.id, createdAt: api.clock.now() });
    }
    const get = (url: string) => api.inject({ method: 'GET', url, headers: { authtoken: seeker.token } });
    const listed = await get(`/api/app/user/${seeker.id}/contacts`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([]);
    // The unverified user with a full profile matches by username and by email, and is still not found.
    const half = callers['unverified-set-up'];
    for (const q of [half.username, `${half.username}@example.com`, 'half_']) {
      const found = await get(`/api/app/user/${seeker.id}/users/search?q=${encodeURIComponent(q)}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(JSON.stringify(found.json())).not.toContain(half.id);
    }
    const top = await get(`/api/app/user/${seeker.id}/people/top`);
    expect(top.statusCode).toBe(200);
    for (const them of Object.values(callers)) expect(JSON.stringify(top.json())).not.toContain(them.id);
  });

  it('top people: someone the caller exchanged money with drops out once their email is no longer verified', async () => {
    const [seeker, lapsed] = [await createUser(api.fresh.database, api.clock.now()), await createUser(api.fresh.database, api.clock.now())];
    await fundWallet(api.fresh.database, lapsed.id, 500, api.clock.now());
    expect((await paymentsClient(api).send(lapsed, { receiverUserId: seeker.id, amount: '2.00', paymentMethodId: 'balance' })).statusCode).toBe(201);
    const topIds = async () => {
      const res = await api.inject({ method: 'GET', url: `/api/app/user/${seeker.id}/people/top`, headers: { authtoken: seeker.token } });
      expect(res.statusCode).toBe(200);
      return JSON.stringify(res.json());
    };
    expect(await topIds()).toContain(lapsed.id);
    // An email change waiting for its code leaves the account unverified (docs/decisions.md, account info).
    await api.fresh.database.db.update(users).set({ emailStatus: 'unverified' }).where(eq(users.id, lapsed.id));
    expect(await topIds()).not.toContain(lapsed.id);
    const search = await api.inject({ method: 'GET', url: `/api/app/user/${seeker.id}/users/search?q=${lapsed.username}`, headers: { authtoken: seeker.token } });
    expect(JSON.stringify(search.json())).not.toContain(lapsed.id);
  });
});
