import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';

/** Issue 23 item 2: the supporters wall — the payer's opt-in per payment (off by default), and the creator's hiding. */
describe.each(databaseKinds())('supporters wall API on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let maya: TestUser; // the creator
  let ana: TestUser;
  let ben: TestUser;

  const wall = async (username: string) => {
    const res = await api.inject({ method: 'GET', url: `/api/app/public/profile/${encodeURIComponent(username)}/supporters?lang=en` });
    return res;
  };
  const hide = (as: TestUser, ownerId: string, paymentId: string, lang = 'en') =>
    api.inject({ method: 'DELETE', url: `/api/app/user/${ownerId}/supporters/${paymentId}?lang=${lang}`, headers: { authtoken: as.token } });
  const hiddenAt = async (paymentId: string) => {
    const [row] = await api.fresh.database.rows<{ at: Date | string | null }>(sql`SELECT hidden_on_page_at AS at FROM payments WHERE id = ${paymentId}`);
    return row?.at === null || row?.at === undefined ? null : new Date(row.at).toISOString();
  };
  const tip = async (from: TestUser, body: Record<string, unknown>) => {
    const res = await client.send(from, { receiverUserId: maya.id, paymentMethodId: 'balance', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0] as { payment_id: string; status: string };
  };

  beforeAll(async () => {
    api = await startApi(kind);
    client = paymentsClient(api);
    const now = api.clock.now();
    maya = await createUser(api.fresh.database, now, `Maya_${randomUUID().slice(0, 8)}`);
    ana = await createUser(api.fresh.database, now);
    ben = await createUser(api.fresh.database, now);
    await fundWallet(api.fresh.database, ana.id, 100_00, now);
    await fundWallet(api.fresh.database, ben.id, 100_00, now);
  });
  afterAll(() => api.close());

  it('a creator nobody has paid has an empty wall and no supporters; an unknown page is not found', async () => {
    const res = await wall(maya.username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ supporter_count: 0, data: [] });
    const unknown = await wall('nobody_here_at_all');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('profile_not_found');
  });

  it('a payment is not on the wall unless its payer chose it: off by default, but it counts as a supporter', async () => {
    await tip(ana, { amount: '5.00', message: 'Quietly supporting' });
    await tip(ana, { amount: '2.00', message: 'Not this one either', showOnPage: false });
    const res = (await wall(maya.username)).json();
    expect(res).toEqual({ supporter_count: 1, data: [] });
  });

  it('a payment shown by its payer is on the wall with their name, photo, message and when — never the amount', async () => {
    const sent = await tip(ben, { amount: '7.50', message: '  Love the coast series  ', showOnPage: true });
    expect(sent.status).toBe('complete');
    const res = (await wall(maya.username.toUpperCase())).json();
    expect(res.supporter_count).toBe(2);
    expect(res.data).toEqual([
      {
        id: sent.payment_id,
        name: `Test ${ben.username}`,
        username: ben.username,
        profile_photo: null,
        message: 'Love the coast series',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(JSON.stringify(res)).not.toContain('7.50');
    // Without a message, the name alone; the newest first; the count is of people, not payments.
    await tip(ana, { amount: '3.00', showOnPage: true });
    const after = (await wall(maya.username)).json();
    expect(after.supporter_count).toBe(2);
    expect(after.data.map((s: { username: string; message: string | null }) => [s.username, s.message])).toEqual([
      [ana.username, null],
      [ben.username, 'Love the coast series'],
    ]);
  });

  it('a price point whose funds are only held is not on the wall yet', async () => {
    const add = await api.inject({
      method: 'POST',
      url: `/api/app/user/${maya.id}/price-points?lang=en`,
      headers: { authtoken: maya.token, 'idempotency-key': randomUUID() },
      payload: { price: '4', description: 'A signed photo', media_type: 'photo' },
    });
    expect(add.statusCode, add.body).toBe(201);
    const pricePointId = add.json().data[0].id as string;
    const held = await tip(ben, { amount: '4.00', pricePointId, message: 'My dog Biscuit', showOnPage: true });
    expect(held.status).toBe('new');
    const res = (await wall(maya.username)).json();
    expect(res.data.map((s: { id: string }) => s.id)).not.toContain(held.payment_id);
  });

  it('only the creator can hide a message; hidden, it leaves the wall but the supporter still counts', async () => {
    const shown = (await wall(maya.username)).json().data as { id: string; username: string }[];
    const bens = shown.find((s) => s.username === ben.username)!;
    // Another user: through the creator's path (the owner check) or their own (not their payment), the same "not found".
    const asOwner = await hide(ana, maya.id, bens.id);
    expect(asOwner.statusCode).toBe(404);
    expect(asOwner.json().code).toBe('not_found');
    const asSelf = await hide(ana, ana.id, bens.id);
    expect(asSelf.statusCode).toBe(404);
    expect(asSelf.json().code).toBe('supporter_not_found');
    // The payer cannot hide it from the creator's page either (they may only choose at paying time).
    expect((await hide(ben, ben.id, bens.id)).statusCode).toBe(404);
    expect((await wall(maya.username)).json().data).toHaveLength(2);

    const hidden = await hide(maya, maya.id, bens.id);
    expect(hidden.statusCode).toBe(204);
    const after = (await wall(maya.username)).json();
    expect(after.data.map((s: { username: string }) => s.username)).toEqual([ana.username]);
    expect(after.supporter_count).toBe(2);
    // Hiding again is the same; a payment that was never shown, or an unknown id, is not found.
    expect((await hide(maya, maya.id, bens.id)).statusCode).toBe(204);
    expect((await hide(maya, maya.id, randomUUID())).json().code).toBe('supporter_not_found');
  });

  it('hiding an entry already hidden keeps when it was first hidden (idempotent); refusals are the localised 404', async () => {
    const shown = await tip(ana, { amount: '1.25', message: 'Hide me twice', showOnPage: true });
    expect(await hiddenAt(shown.payment_id)).toBeNull();
    const before = api.clock.now().getTime();
    expect((await hide(maya, maya.id, shown.payment_id)).statusCode).toBe(204);
    const first = await hiddenAt(shown.payment_id);
    expect(Date.parse(first!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(first!)).toBeLessThanOrEqual(api.clock.now().getTime());
    // Five minutes later, hidden again: still the first time.
    api.clock.setOffset(api.clock.offset + 5 * 60_000);
    expect((await hide(maya, maya.id, shown.payment_id)).statusCode).toBe(204);
    expect(await hiddenAt(shown.payment_id)).toBe(first);
    expect((await wall(maya.username)).json().data.map((s: { id: string }) => s.id)).not.toContain(shown.payment_id);

    // An unknown id, and another creator's entry hidden through one's own path: the same 404, in the caller's language.
    const unknown = await hide(maya, maya.id, randomUUID(), 'es');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.json()).toMatchObject({ code: 'supporter_not_found', detail: 'Este mensaje no está en tu página.' });
    const othersEntry = await hide(ben, ben.id, shown.payment_id, 'pt');
    expect(othersEntry.statusCode).toBe(404);
    expect(othersEntry.json()).toMatchObject({ code: 'supporter_not_found', detail: 'Esta mensagem não está na sua página.' });
    // Through the creator's path as someone else: the owner check's 404, localised too; nothing changed.
    const othersPath = await hide(ben, maya.id, shown.payment_id, 'es');
    expect(othersPath.statusCode).toBe(404);
    expect(othersPath.json().code).toBe('not_found');
    expect(othersPath.json().detail).toBe('No se encontró nada en esta dirección.');
    expect(await hiddenAt(shown.payment_id)).toBe(first);
  });
});
