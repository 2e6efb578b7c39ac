import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUserCookie } from '../../domain/user-cookie';
import { startApi, type ApiHarness } from '../support/api-app';
import { call, cookiesOf, signUp } from '../support/accounts';
import { databaseKinds } from '../support/databases';

/**
 * The `tipjar-user` cookie the server sets is read by the web app's parser (domain/user-cookie.ts) into the
 * same user the answer carries: one format on both sides, whatever characters the names hold.
 */
describe.each(databaseKinds().slice(0, 1))('the tipjar-user cookie between server and app on $name', (kind) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it('sign-up and set-up cookies parse back into the answer’s user', async () => {
    const user = await signUp(api);
    const signedUp = cookiesOf(user.response).get('tipjar-user')!;
    expect(parseUserCookie(`tipjar-user=${signedUp.value}`)).toEqual(user.response.json().user);
    expect(signedUp.attributes).toEqual(expect.arrayContaining(['Path=/', 'Max-Age=43200', 'SameSite=Strict']));

    const res = await call(api, {
      method: 'PATCH',
      url: `/api/app/user/${user.userId}/set-up`,
      token: user.token,
      body: { fullName: 'Zoë "Zo" Ñúñez; & Co', username: `zo_${Date.now().toString(36)}`, country: 'BR', eSignatureConsent: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const setUp = cookiesOf(res).get('tipjar-user')!;
    expect(parseUserCookie(`other=1; tipjar-user=${setUp.value}`)).toEqual(res.json().user);
  });
});
