import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { users } from '../../server/db/schema/index';
import { MAX_ACTIVE_PRICE_POINTS } from '../../domain/limits';

describe.each(databaseKinds())('profile and price points API on $name', (kind) => {
  let api: ApiHarness;
  let mia: TestUser; // the creator
  let fan: TestUser;

  const as = (u: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: object, lang = 'en') =>
    api.inject({
      method,
      url: `/api/app/user/${u.id}${path}?lang=${lang}`,
      headers: { authtoken: u.token },
      ...(body ? { payload: body } : {}),
    });
  const add = (u: TestUser, body: object, lang = 'en') => as(u, 'POST', '/price-points', body, lang);
  const publicPage = (username: string, lang = 'en') => api.inject({ method: 'GET', url: `/api/app/public/profile/${encodeURIComponent(username)}?lang=${lang}` });
  const fields = (res: LightMyRequestResponse) =>
    Object.fromEntries((res.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));

  beforeAll(async () => {
    api = await startApi(kind);
    mia = await createUser(api.fresh.database, api.clock.now(), `Mia_${randomUUID().slice(0, 8)}`);
    fan = await createUser(api.fresh.database, api.clock.now());
  });
  afterAll(() => api.close());

  it('a new creator has an empty bio and no price points', async () => {
    const res = await as(mia, 'GET', '/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bio_message: '', price_points: [], photo_key: null, background_key: null });
  });

  it('saves the bio trimmed, and refuses one over the limit with the rule message', async () => {
    const saved = await as(mia, 'PATCH', '/profile', { bio_message: '  Photos of the coast.  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().bio_message).toBe('Photos of the coast.');
    const long = await as(mia, 'PATCH', '/profile', { bio_message: 'x'.repeat(281) }, 'es');
    expect(long.statusCode).toBe(400);
    expect(fields(long)).toEqual({ bio_message: 'Usa como máximo 280 caracteres.' });
    expect((await as(mia, 'GET', '/profile')).json().bio_message).toBe('Photos of the coast.');
  });

  it('lists price points by price ascending whatever the order they were added in', async () => {
    for (const [price, description, media_type] of [
      ['25', 'A short video hello', 'video'],
      ['5.5', 'A signed photo', 'photo'],
      ['12.00', 'Behind the scenes', 'photo'],
    ]) {
      expect((await add(mia, { price, description, media_type })).statusCode).toBe(201);
    }
    const res = await as(mia, 'GET', '/price-points');
    expect(res.json().data.map((p: { price: string; description: string; media_type: string }) => [p.price, p.description, p.media_type])).toEqual([
      ['5.50', 'A signed photo', 'photo'],
      ['12.00', 'Behind the scenes', 'photo'],
      ['25.00', 'A short video hello', 'video'],
    ]);
    expect((await as(mia, 'GET', '/profile')).json().price_points).toEqual(res.json().data);
  });

  it('refuses bad values per field, in the caller language', async () => {
    const bad = await add(mia, { price: '0.50', description: '   ', media_type: 'audio' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual({
      price: 'The price must be from $1.00 to $500.00.',
      description: 'Required field',
      media_type: 'Choose Photo or Video.',
    });
    const pt = await add(mia, { price: '12.345', description: 'd'.repeat(81), media_type: 'photo' }, 'pt');
    expect(fields(pt)).toEqual({
      price: 'Digite um preço em dólares com no máximo duas casas decimais, por exemplo 12.50.',
      description: 'Use no máximo 80 caracteres.',
    });
    expect((await add(mia, { price: '500.01', description: 'x', media_type: 'photo' })).statusCode).toBe(400);
    expect((await add(mia, { price: '500.00', description: 'x', media_type: 'photo' })).statusCode).toBe(201);
    // Unknown fields are the contract's refusal.
    expect((await add(mia, { price: '5', description: 'x', media_type: 'photo', active: false })).statusCode).toBe(400);
  });

  it('removes a price point: gone from the list and from the public page; a second removal is 404', async () => {
    const list = (await as(mia, 'GET', '/price-points')).json().data as { id: string; price: string }[];
    const target = list.find((p) => p.price === '500.00')!;
    const res = await as(mia, 'DELETE', `/price-points/${target.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { price: string }) => p.price)).toEqual(['5.50', '12.00', '25.00']);
    const again = await as(mia, 'DELETE', `/price-points/${target.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('price_point_not_found');
  });

  it('a removed price point can no longer be bought', async () => {
    const [cheapest] = (await as(mia, 'GET', '/price-points')).json().data as { id: string; price: string }[];
    await as(mia, 'DELETE', `/price-points/${cheapest!.id}`);
    await fundWallet(api.fresh.database, fan.id, 50_00, api.clock.now());
    const res = await paymentsClient(api).send(fan, {
      receiverUserId: mia.id,
      amount: cheapest!.price,
      paymentMethodId: 'balance',
      pricePointId: cheapest!.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('price_point_not_found');
  });

  it("nobody removes another creator's price point (404, and it stays)", async () => {
    const [first] = (await as(mia, 'GET', '/price-points')).json().data as { id: string }[];
    const res = await as(fan, 'DELETE', `/price-points/${first!.id}`);
    expect(res.statusCode).toBe(404);
    expect((await as(mia, 'GET', '/price-points')).json().data).toHaveLength(2);
    // And nobody reads or changes another user's profile through their own path with someone else's id.
    const other = await api.inject({ method: 'GET', url: `/api/app/user/${mia.id}/profile`, headers: { authtoken: fan.token } });
    expect([403, 404]).toContain(other.statusCode);
  });

  it(`allows at most ${MAX_ACTIVE_PRICE_POINTS} active price points, even when added at once`, async () => {
    const creator = await createUser(api.fresh.database, api.clock.now());
    const results = await Promise.all(
      Array.from({ length: MAX_ACTIVE_PRICE_POINTS + 3 }, (_, i) => add(creator, { price: `${i + 1}`, description: `offer ${i}`, media_type: 'photo' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_ACTIVE_PRICE_POINTS);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json()).toMatchObject({ code: 'price_points_limit', detail: `You can offer at most ${MAX_ACTIVE_PRICE_POINTS} price points. Remove one to add another.` });
    expect((await as(creator, 'GET', '/price-points')).json().data).toHaveLength(MAX_ACTIVE_PRICE_POINTS);
  });

  it('the public page needs no sign-in, matches the username ignoring case and shows no private data', async () => {
    const res = await publicPage(mia.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: mia.username,
      user_id: mia.id,
      full_name: `Test ${mia.username}`,
      profile: {
        bio_message: 'Photos of the coast.',
        profile_photo: null,
        background_image: null,
        price_point_details: [
          expect.objectContaining({ price: '12.00', description: 'Behind the scenes', media_type: 'photo' }),
          expect.objectContaining({ price: '25.00', description: 'A short video hello', media_type: 'video' }),
        ],
      },
    });
    expect(res.body).not.toContain('@example.com');
    expect(res.body).not.toContain('"US"');
  });

  it('unknown, closed and unfinished accounts have no public page (the same 404)', async () => {
    const unknown = await publicPage('nobody_here', 'es');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'profile_not_found', detail: 'No encontramos esta página.' });
    const closed = await createUser(api.fresh.database, api.clock.now());
    await api.fresh.database.db.update(users).set({ accountStatus: 'closed' }).where(eq(users.id, closed.id));
    expect((await publicPage(closed.username)).statusCode).toBe(404);
    const unfinished = await createUser(api.fresh.database, api.clock.now());
    await api.fresh.database.db.update(users).set({ country: null }).where(eq(users.id, unfinished.id));
    expect((await publicPage(unfinished.username)).statusCode).toBe(404);
  });

  it('profile and price point calls need a session', async () => {
    for (const [method, path] of [
      ['GET', '/profile'],
      ['GET', '/price-points'],
    ] as const) {
      const res = await api.inject({ method, url: `/api/app/user/${mia.id}${path}` });
      expect(res.statusCode).toBe(401);
    }
  });
});
