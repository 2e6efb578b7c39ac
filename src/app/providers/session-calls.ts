import createClient from 'openapi-fetch';
import type { paths } from '../../../openapi/schema';
import type { SessionUser } from '../../../domain/session-user';
import { langMiddleware } from '../../api/lang-middleware';
import { unwrap } from '../../api/unwrap';
import { i18n } from '../../i18n/i18n';

// A lazy chunk (see session-requests.ts): the session's own calls, with `lang` but no failure reactions.
const client = createClient<paths>({ baseUrl: '/api', fetch: (request: Request) => globalThis.fetch(request) });
client.use(langMiddleware(() => i18n.resolvedLanguage ?? i18n.language));

/** `POST app/user/{userId}/logout/`: revokes the token and clears both cookies (only the server can clear the HttpOnly one). */
export async function logoutCall(user: SessionUser): Promise<void> {
  await unwrap(client.POST('/app/user/{userId}/logout/', { params: { path: { userId: user.userId } }, body: {} }));
}

/** `GET app/user/{userId}`: who the server says we are; it also refreshes the `tipjar-user` cookie. */
export async function loadUserCall(user: SessionUser): Promise<SessionUser> {
  const account = await unwrap(client.GET('/app/user/{userId}', { params: { path: { userId: user.userId } } }));
  return account.user;
}
