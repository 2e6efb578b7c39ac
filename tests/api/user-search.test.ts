import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { users } from '../../server/db/schema/index';
import { USER_SEARCH_LIMIT } from '../../domain/limits';

type Found = { userId: string; username: string; fullName: string | null; photo: string | null };

describe.each(databaseKinds())('user search on $name', (kind) => {
  let api: ApiHarness;
  let caller: TestUser;
  let ann: TestUser;
  let annabel: TestUser;
  let joanna: TestUser;
  let underscore: TestUser;

  const search = (u: TestUser, q: string, lang = 'en') =>
    api.inject({ method: 'GET', url: `/api/app/user/${u.id}/users/search?q=${encodeURIComponent(q)}&lang=${lang}`, headers: { authtoken: u.token } });
  const names = async (u: TestUser, q: string) => {
    const res = await search(u, q);
    expect(res.statusCode, q).toBe(200);
    return (res.json().results as Found[]).map((r) => r.username);
  };
  const rename = (u: TestUser, fullName: string | null) => api.fresh.database.db.update(users).set({ fullName }).where(eq(users.id, u.id));

  beforeAll(async () => {
    api = await startApi(kind);
    const now = api.clock.now();
    caller = await createUser(api.fresh.database, now, 'searcher_annie');
    ann = await createUser(api.fresh.database, now, 'ann');
    annabel = await createUser(api.fresh.database, now, 'Annabel.Lee');
    joanna = await createUser(api.fresh.database, now, 'joanna');
    underscore = await createUser(api.fresh.database, now, 'x_y_z');
    await rename(ann, 'Ann Smith');
    await rename(annabel, 'Annabel Lee');
    await rename(joanna, 'Joanna Brown');
    await rename(underscore, 'Zed Example');
  });
  afterAll(async () => {
    await api.close();
  });

  it('finds by username ignoring case and a leading @: the exact name first, then prefixes, then the rest', async () => {
    expect(await names(caller, 'ann')).toEqual(['ann', 'Annabel.Lee', 'joanna']);
    expect(await names(caller, '@ANN')).toEqual(['ann', 'Annabel.Lee', 'joanna']);
    expect(await names(caller, 'annabel.')).toEqual(['Annabel.Lee']);
  });

  it('answers the summary a recipient picker needs, never the email', async () => {
    const res = await search(caller, '@ann');
    expect(res.json().results[0]).toEqual({ userId: ann.id, username: 'ann', fullName: 'Ann Smith', photo: null });
    expect(JSON.stringify(res.json())).not.toContain('@example.com');
  });

  it('finds by full name ignoring case and spaces', async () => {
    expect(await names(caller, 'annsm')).toEqual(['ann']);
    expect(await names(caller, 'ANN SMITH')).toEqual(['ann']);
    expect(await names(caller, 'a n n s')).toEqual(['ann']);
    expect(await names(caller, 'brown')).toEqual(['joanna']);
  });

  it('finds by email only when it is the whole address', async () => {
    expect(await names(caller, 'joanna@example.com')).toEqual(['joanna']);
    expect(await names(caller, '  JOANNA@example.COM ')).toEqual(['joanna']);
    expect(await names(caller, 'example.com')).toEqual([]);
    expect(await names(caller, 'joanna@exam')).toEqual([]);
  });

  it('treats % and _ as ordinary characters', async () => {
    expect(await names(caller, 'x_y')).toEqual(['x_y_z']);
    expect(await names(caller, 'x%y')).toEqual([]);
    expect(await names(caller, 'a_n')).toEqual([]);
    expect(await names(caller, '%%%')).toEqual([]);
  });

  it('never finds the caller, closed accounts or accounts not set up', async () => {
    expect(await names(caller, 'searcher')).toEqual([]);
    expect(await names(ann, 'searcher')).toEqual(['searcher_annie']);
    const closed = await createUser(api.fresh.database, api.clock.now(), 'closedperson');
    const notSetUp = await createUser(api.fresh.database, api.clock.now(), 'halfdoneperson');
    expect(await names(caller, 'person')).toEqual(['closedperson', 'halfdoneperson']);
    await api.fresh.database.db.update(users).set({ accountStatus: 'closed' }).where(eq(users.id, closed.id));
    await api.fresh.database.db.update(users).set({ country: null }).where(eq(users.id, notSetUp.id));
    expect(await names(caller, 'person')).toEqual([]);
  });

  it(`answers at most ${USER_SEARCH_LIMIT} people`, async () => {
    for (let i = 0; i < USER_SEARCH_LIMIT + 3; i++) await createUser(api.fresh.database, api.clock.now(), `crowd${String(i).padStart(2, '0')}`);
    const found = await names(caller, 'crowd');
    expect(found).toHaveLength(USER_SEARCH_LIMIT);
    expect(found).toEqual([...found].sort());
  });

  it('refuses fewer than 3 characters once spaces and @ are gone, localised', async () => {
    for (const q of ['an', '@an', ' a n ', '@@@']) {
      const res = await search(caller, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ code: 'search_too_short', detail: 'Type at least 3 characters to search.' });
    }
    expect((await search(caller, 'an', 'pt')).json().detail).toBe('Digite pelo menos 3 caracteres para pesquisar.');
    expect((await search(caller, '')).statusCode).toBe(400);
    expect((await search(caller, 'a'.repeat(321))).statusCode).toBe(400);
  });

  it('needs a signed-in caller searching as themselves', async () => {
    expect((await api.inject({ method: 'GET', url: `/api/app/user/${caller.id}/users/search?q=ann` })).statusCode).toBe(401);
    const asOther = await api.inject({ method: 'GET', url: `/api/app/user/${ann.id}/users/search?q=ann`, headers: { authtoken: caller.token } });
    expect([403, 404]).toContain(asOther.statusCode);
  });
});
