import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, TEST_USER_PASSWORD, type TestUser } from '../support/money';
import { contractOperations, fillPath, type ContractOperation } from '../support/contract-operations';
import { testPhoto } from '../support/pictures';
import { FILES, walletClient } from '../support/wallet-client';
import { SANDBOX_CARDS } from '../../server/providers/sandbox/card';
import { CLAIM_LEASE_MS } from '../../server/http/idempotent-creation';
import { bankAccountBody } from '../support/bank-account-body';

/**
 * Every call that creates something honours Idempotency-Key (issue 21): the creating operations are found from the
 * contract itself — every POST and PUT with a caller — minus the ones below that create nothing, each with its
 * reason. Each must be marked (x-idempotent, optional key; or x-money-moving, required key — those have their own
 * tests in idempotency.test.ts and payments.test.ts), and each x-idempotent one is performed here: the first call
 * succeeds, the same key and body replays it byte for byte and creates nothing, the same key with another body is 422.
 */
const NOT_CREATING: Record<string, string> = {
  remindPaymentRequest: 'sends a reminder about an existing request; at most one per 24 hours, a repeat is refused',
  sendPhoneCode: 'texts a code for a number being verified; a repeat replaces the code, nothing accumulates',
  verifyPhoneCode: 'checks a code; creates nothing',
  confirmPhone: 'sets the verified number on the account; repeating it sets the same number',
  updatePreferences: 'replaces the preferences; a repeat writes the same values',
  closeAccount: 'closes the account once; a repeat finds it closed',
};

const operations = await contractOperations();
const creating = operations.filter((op) => (op.method === 'POST' || op.method === 'PUT') && op.secured && !(op.operationId in NOT_CREATING));

/** Row counts of every table a creation writes to (and the outbox of the emails it sends). */
const TABLES = ['payments', 'payment_events', 'cards', 'price_points', 'contacts', 'invitations', 'media', 'bank_accounts', 'payout_accounts', 'outbox', 'jobs', 'sandbox_objects', 'notifications'];

interface Example {
  /** The request, for this caller (the key is added by the test). */
  make(u: TestUser): Promise<Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }>;
  /** The same request with one thing changed. */
  other(u: TestUser): Promise<Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }>;
  status: number;
}

describe.each(databaseKinds())('Idempotency-Key on every creating call on $name', (kind) => {
  let api: ApiHarness;
  let other: TestUser;
  let third: TestUser;
  const url = (op: string, u: TestUser, query = '') => {
    const found = operations.find((o) => o.operationId === op)!;
    return `/api${fillPath(found.path, { userId: u.id })}${query}`;
  };
  const json = (op: string, method: 'POST' | 'PUT', body: object) => async (u: TestUser) => ({ method, url: url(op, u), payload: body });
  const uploaded = async (u: TestUser) => {
    // A real picture: a profile image is resized when chosen (server/media/renditions.ts).
    const res = await walletClient(api).upload(u, await testPhoto(40, 30, 'png'), 'image/png', 'photo.png');
    expect(res.statusCode, res.body).toBe(201);
    return res.json().media.id as string;
  };
  const nextYear = new Date().getUTCFullYear() + 1;
  const card = (postalCode: string) => ({ nameOnCard: 'Ann Lee', number: SANDBOX_CARDS.success, expMonth: 12, expYear: nextYear, cvv: '123', country: 'US', postalCode });
  const bank = (accountNumber: string) => bankAccountBody({ firstName: 'Test', lastName: 'User', accountNumber });

  const EXAMPLES: Record<string, Example> = {
    requestPayment: {
      make: async (u) => json('requestPayment', 'POST', { receiverUserId: other.id, amount: '4.00', message: 'cinema' })(u),
      other: async (u) => json('requestPayment', 'POST', { receiverUserId: other.id, amount: '5.00', message: 'cinema' })(u),
      status: 201,
    },
    addCard: { make: json('addCard', 'POST', card('94107')), other: json('addCard', 'POST', card('10001')), status: 201 },
    addPricePoint: {
      make: json('addPricePoint', 'POST', { price: '9.00', description: 'A signed photo', media_type: 'photo' }),
      other: json('addPricePoint', 'POST', { price: '9.00', description: 'Another photo', media_type: 'photo' }),
      status: 201,
    },
    addContact: {
      make: async (u) => json('addContact', 'POST', { contactUserId: other.id })(u),
      other: async (u) => json('addContact', 'POST', { contactUserId: third.id })(u),
      status: 201,
    },
    inviteFriend: {
      make: json('inviteFriend', 'POST', { email: 'friend.one@example.com' }),
      other: json('inviteFriend', 'POST', { email: 'friend.two@example.com' }),
      status: 202,
    },
    uploadMedia: {
      make: async (u) => ({ method: 'POST', url: url('uploadMedia', u, '?name=me.png'), headers: { 'content-type': 'image/png' }, payload: FILES.png(300) }),
      other: async (u) => ({ method: 'POST', url: url('uploadMedia', u, '?name=me.png'), headers: { 'content-type': 'image/png' }, payload: FILES.png(301) }),
      status: 201,
    },
    setProfileImage: {
      make: async (u) => json('setProfileImage', 'PUT', { slot: 'photo', mediaId: await uploaded(u) })(u),
      other: async (u) => json('setProfileImage', 'PUT', { slot: 'background', mediaId: await uploaded(u) })(u),
      status: 200,
    },
    // The step-up's current password rides along (the account's own; it is kept out of the stored hash).
    putBankAccount: {
      make: json('putBankAccount', 'PUT', { ...bank('000123456789'), current_password: TEST_USER_PASSWORD }),
      other: json('putBankAccount', 'PUT', { ...bank('000987654321'), current_password: TEST_USER_PASSWORD }),
      status: 200,
    },
    linkPayoutAccount: {
      make: json('linkPayoutAccount', 'POST', { current_password: TEST_USER_PASSWORD, email: 'payouts@example.com', password: 'Pr0vider!secret-91', bankAccountNumber: '5555 4444' }),
      other: json('linkPayoutAccount', 'POST', { current_password: TEST_USER_PASSWORD, email: 'payouts@example.com', password: 'Pr0vider!secret-91', bankAccountNumber: '5555 3333' }),
      status: 200,
    },
  };

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const [row] = (await api.fresh.database.rows(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as { n: number }[];
      out[table] = row!.n;
    }
    return out;
  };
  const send = async (u: TestUser, request: Awaited<ReturnType<Example['make']>>, key?: string): Promise<LightMyRequestResponse> =>
    api.inject({ ...request, headers: { authtoken: u.token, ...request.headers, ...(key ? { 'idempotency-key': key } : {}) } } as InjectOptions);

  beforeAll(async () => {
    api = await startApi(kind);
    other = await createUser(api.fresh.database, api.clock.now());
    third = await createUser(api.fresh.database, api.clock.now());
  });
  afterAll(() => api.close());

  it('finds the creating calls in the contract, each marked; the not-creating list names real operations', () => {
    const ids = new Set(operations.map((op) => op.operationId));
    for (const name of Object.keys(NOT_CREATING)) expect(ids.has(name), name).toBe(true);
    const unmarked = creating.filter((op) => op.operation['x-idempotent'] !== true && !op.moneyMoving).map((op) => op.operationId);
    expect(unmarked).toEqual([]);
    expect(creating.filter((op) => op.operation['x-idempotent'] === true).map((op) => op.operationId).sort()).toEqual(
      ['addCard', 'addContact', 'addPricePoint', 'inviteFriend', 'linkPayoutAccount', 'putBankAccount', 'requestPayment', 'setProfileImage', 'uploadMedia'],
    );
    // The optional key is declared on each (the server refuses to start otherwise, server/http/operations.ts).
    for (const op of creating.filter((o: ContractOperation) => o.operation['x-idempotent'] === true)) {
      const header = op.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      expect({ op: op.operationId, required: header?.required ?? 'absent' }).toEqual({ op: op.operationId, required: false });
    }
  });

  for (const op of creating.filter((o) => o.operation['x-idempotent'] === true)) {
    it(`${op.operationId}: same key and body → the first answer replayed, nothing created twice; another body → 422`, async () => {
      const example = EXAMPLES[op.operationId];
      if (!example) throw new Error(`no example request for ${op.operationId}: add one`);
      const u = await createUser(api.fresh.database, api.clock.now());
      const request = await example.make(u);
      const key = randomUUID();
      const first = await send(u, request, key);
      expect(first.statusCode, first.body).toBe(example.status);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const after = await counts();

      const again = await send(u, request, key);
      expect(again.statusCode).toBe(example.status);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(await counts()).toEqual(after);

      const changed = await send(u, await example.other(u), key);
      expect(changed.statusCode, changed.body).toBe(422);
      expect(changed.json()).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
      expect(changed.headers['content-type']).toContain('application/problem+json');

      // Another caller's same key is their own: keys are per user.
      const stranger = await createUser(api.fresh.database, api.clock.now());
      const theirs = await send(stranger, await example.make(stranger), key);
      expect(theirs.statusCode, theirs.body).toBe(example.status);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    });
  }

  it('without a key nothing changes: two requests create two', async () => {
    const u = await createUser(api.fresh.database, api.clock.now());
    const request = await EXAMPLES.requestPayment!.make(u);
    const ids = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await send(u, request);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data[0].payment_id);
    }
    expect(new Set(ids).size).toBe(2);
  });

  it('a refusal does not burn the key: fixed and retried with the same key, it succeeds', async () => {
    const u = await createUser(api.fresh.database, api.clock.now());
    const key = randomUUID();
    const toNobody = await send(u, { method: 'POST', url: url('requestPayment', u), payload: { receiverUserId: randomUUID(), amount: '4.00', message: 'x' } }, key);
    expect(toNobody.statusCode).toBeGreaterThanOrEqual(400);
    expect(toNobody.statusCode).toBeLessThan(500);
    const fixed = await send(u, await EXAMPLES.requestPayment!.make(u), key);
    expect(fixed.statusCode, fixed.body).toBe(201);
    // An upload the media check refuses (not a photo) frees its key too.
    const uploadKey = randomUUID();
    const text = await send(u, { method: 'POST', url: url('uploadMedia', u), headers: { 'content-type': 'image/png' }, payload: FILES.text() }, uploadKey);
    expect(text.statusCode).toBe(415);
    const photo = await send(u, await EXAMPLES.uploadMedia!.make(u), uploadKey);
    expect(photo.statusCode, photo.body).toBe(201);
  });

  it('while the first is running a duplicate gets 409 in flux; a claim left by a dead process is taken over after its lease', async () => {
    const u = await createUser(api.fresh.database, api.clock.now());
    const key = randomUUID();
    // A claim with no answer yet, as a request still running (or a process that died) leaves it.
    const claimedAt = api.clock.now();
    await api.fresh.database.rows(
      sql`INSERT INTO idempotency_keys (user_id, operation_id, idempotency_key, request_hash, created_at) VALUES (${u.id}, 'requestPayment', ${key}, 'x', ${claimedAt.toISOString()})`,
    );
    const request = await EXAMPLES.requestPayment!.make(u);
    const busy = await send(u, request, key);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('idempotency_key_in_flux');
    expect(busy.headers['retry-after'] ?? null).toBeNull();
    api.clock.setOffset(api.clock.offset + CLAIM_LEASE_MS - 1_000);
    expect((await send(u, request, key)).statusCode).toBe(409);
    api.clock.setOffset(api.clock.offset + 2_000);
    const taken = await send(u, request, key);
    expect(taken.statusCode, taken.body).toBe(201);
    const replay = await send(u, request, key);
    expect([replay.statusCode, replay.body, replay.headers['idempotent-replayed']]).toEqual([201, taken.body, 'true']);
  });

  it('an upload replay reads the whole body: the same bytes replay, other bytes of the same length are refused', async () => {
    const u = await createUser(api.fresh.database, api.clock.now());
    const key = randomUUID();
    const request = await EXAMPLES.uploadMedia!.make(u);
    const first = await send(u, request, key);
    expect(first.statusCode, first.body).toBe(201);
    const flipped = Buffer.from(FILES.png(300));
    flipped[299] = 9;
    const refused = await send(u, { ...request, payload: flipped }, key);
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'idempotency_key_reused']);
    const renamed = await send(u, { ...request, url: url('uploadMedia', u, '?name=other.png') }, key);
    expect(renamed.statusCode).toBe(422);
    const same = await send(u, { ...request, url: `${request.url}&lang=es` }, key);
    expect([same.statusCode, same.body]).toEqual([201, first.body]);
  });
});
