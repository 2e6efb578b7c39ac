import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { users } from '../../server/db/schema/index';

describe.each(databaseKinds())('contacts API on $name', (kind) => {
  let api: ApiHarness;
  let ana: TestUser;
  let bo: TestUser;
  let cy: TestUser;

  const list = (u: TestUser) => api.inject({ method: 'GET', url: `/api/app/user/${u.id}/contacts`, headers: { authtoken: u.token } });
  const add = (u: TestUser, contactUserId: string, lang = 'en') =>
    api.inject({ method: 'POST', url: `/api/app/user/${u.id}/contacts?lang=${lang}`, headers: { authtoken: u.token }, payload: { contactUserId } });

  beforeAll(async () => {
    api = await startApi(kind);
    ana = await createUser(api.fresh.database, api.clock.now(), `ana_${Date.now().toString(36)}`);
    bo = await createUser(api.fresh.database, api.clock.now(), `Bo_${Date.now().toString(36)}`);
    cy = await createUser(api.fresh.database, api.clock.now(), `cy_${Date.now().toString(36)}`);
  });
  afterAll(() => api.close());

  it('starts empty; adding is one-way, sorted by username ignoring case, and idempotent', async () => {
    expect((await list(ana)).json()).toEqual({ data: [] });
    expect((await add(ana, cy.id)).statusCode).toBe(201);
    const added = await add(ana, bo.id);
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toEqual([
      { contact_user_id: bo.id, contact_username: bo.username, contact_full_name: `Test ${bo.username}`, contact_photo: null },
      { contact_user_id: cy.id, contact_username: cy.username, contact_full_name: `Test ${cy.username}`, contact_photo: null },
    ]);
    const again = await add(ana, bo.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toHaveLength(2);
    // One-way: Bo's list is untouched.
    expect((await list(bo)).json().data).toEqual([]);
  });

  it('parallel adds of the same person make one contact', async () => {
    const results = await Promise.all([add(bo, cy.id), add(bo, cy.id), add(bo, cy.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect((await list(bo)).json().data).toHaveLength(1);
  });

  it('refuses yourself and people who cannot be found, in the caller language', async () => {
    const self = await add(ana, ana.id, 'es');
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'contact_self', detail: 'No puedes añadirte a ti mismo como contacto.' });
    const unknown = await add(ana, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('user_not_found');
  });

  it('a closed account leaves the list and cannot be added', async () => {
    await api.fresh.database.db.update(users).set({ accountStatus: 'closed' }).where(eq(users.id, cy.id));
    expect((await list(ana)).json().data.map((c: { contact_user_id: string }) => c.contact_user_id)).toEqual([bo.id]);
    const dave = await createUser(api.fresh.database, api.clock.now());
    expect((await add(dave, cy.id)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await api.inject({ method: 'GET', url: `/api/app/user/${ana.id}/contacts` })).statusCode).toBe(401);
  });
});
