import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientDeps } from '../../../src/api/client';
import { quiet } from '../../../src/api/quiet';
import { createVersionClient, fetchServerVersion, VersionCheckError } from '../../../src/api/version-client';

/**
 * The client's reactions (spec 4 "Session", spec 7, spec 8) driven through a fake fetch: the request the
 * server would see, and what the app does with each kind of answer.
 */
const BASE = 'http://tipjar.test/api';

function problem(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'Problem', status, ...body }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

function setup(answer: (request: Request) => Response | Promise<Response>, overrides: Partial<ApiClientDeps> = {}) {
  const requests: Request[] = [];
  const deps = {
    baseUrl: BASE,
    getLang: () => 'es',
    getToken: () => null,
    onUnauthorized: vi.fn(() => true),
    onSessionExpired: vi.fn(() => true),
    notifyError: vi.fn(),
    genericMessage: () => 'Algo salió mal. Inténtalo de nuevo.',
    fetch: async (request: Request) => {
      requests.push(request);
      return answer(request);
    },
    ...overrides,
  } satisfies ApiClientDeps;
  return { client: createApiClient(deps), deps, requests };
}

const version = () =>
  new Response(JSON.stringify({ version: '1.0.2' }), { headers: { 'content-type': 'application/json' } });

describe('main API client: requests', () => {
  it('keeps a POST body and its headers when it adds `lang` (the body is copied, not re-streamed)', async () => {
    const { client, requests } = setup(() => new Response('{}', { status: 202, headers: { 'content-type': 'application/json' } }));
    await client.POST('/app/user/forgot-password', { body: { email: 'ann@example.com' } });
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(new URL(request!.url).searchParams.get('lang')).toBe('es');
    expect(request!.headers.get('content-type')).toContain('application/json');
    expect(await request!.text()).toBe(JSON.stringify({ email: 'ann@example.com' }));
  });

  it('adds the current language as `lang` to every call', async () => {
    let lang = 'es';
    const { client, requests } = setup(version, { getLang: () => lang });
    await client.GET('/app/version');
    lang = 'pt';
    await client.GET('/app/version', { params: { query: { lang: 'en' } } });
    expect(new URL(requests[0]!.url).searchParams.get('lang')).toBe('es');
    // The active language wins over a value a caller typed in: the server localises for the reader.
    expect(new URL(requests[1]!.url).searchParams.getAll('lang')).toEqual(['pt']);
  });

  it('sends the authtoken header only when a token is known', async () => {
    let token: string | null = null;
    const { client, requests } = setup(version, { getToken: () => token });
    await client.GET('/app/version');
    token = 'abc123';
    await client.GET('/app/version');
    expect(requests[0]!.headers.has('authtoken')).toBe(false);
    expect(requests[1]!.headers.get('authtoken')).toBe('abc123');
  });

  it('returns data untouched and notifies nothing on success', async () => {
    const { client, deps } = setup(version);
    const { data } = await client.GET('/app/version');
    expect(data).toEqual({ version: '1.0.2' });
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('a quiet call still ends a signed-in session on a 401 (an expired session during a form post)', async () => {
    const { client, deps } = setup(() => problem(401, { code: 'session_expired', detail: 'Inicia sesión de nuevo' }));
    const { error } = await client.GET('/app/version', { middleware: [quiet] });
    expect(error).toMatchObject({ code: 'session_expired' });
    expect(deps.onSessionExpired).toHaveBeenCalledOnce();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('a quiet call with no session to end keeps its 401 to itself (wrong password on the sign-in form)', async () => {
    const { client, deps } = setup(() => problem(401, { code: 'invalid_credentials', detail: 'Correo o contraseña incorrectos' }), {
      onUnauthorized: vi.fn(() => false),
    });
    await client.GET('/app/version', { middleware: [quiet] });
    expect(deps.onUnauthorized).toHaveBeenCalledOnce();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });
});

describe('main API client: failures', () => {
  it('a 401 ends the session (clear auth data, go to login) and shows no notification', async () => {
    const { client, deps } = setup(() => problem(401, { code: 'unauthenticated', detail: 'Inicia sesión' }));
    const { error, response } = await client.GET('/app/version');
    expect(deps.onUnauthorized).toHaveBeenCalledOnce();
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
    expect(deps.notifyError).not.toHaveBeenCalled();
    // The caller still gets the failure and decides its own state.
    expect(response.status).toBe(401);
    expect(error).toMatchObject({ code: 'unauthenticated' });
  });

  it('a 401 with code session_expired goes to the expired-session route instead', async () => {
    const { client, deps } = setup(() => problem(401, { code: 'session_expired', detail: 'Inicia sesión de nuevo' }));
    await client.GET('/app/version');
    expect(deps.onSessionExpired).toHaveBeenCalledOnce();
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('a 401 with no session to end (a visitor) is shown like any failure', async () => {
    const { client, deps } = setup(
      () => problem(401, { code: 'invalid_credentials', detail: 'Correo o contraseña incorrectos' }),
      {
        onUnauthorized: vi.fn(() => false),
      },
    );
    await client.GET('/app/version');
    expect(deps.notifyError).toHaveBeenCalledWith('Correo o contraseña incorrectos');
  });

  it("other failures show the problem's localised detail", async () => {
    const { client, deps } = setup(() =>
      problem(422, { code: 'insufficient_funds', detail: 'El monto no puede superar tu saldo' }),
    );
    await client.GET('/app/version');
    expect(deps.notifyError).toHaveBeenCalledWith('El monto no puede superar tu saldo');
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('falls back to the generic message when there is no detail', async () => {
    const { client, deps } = setup(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    await client.GET('/app/version');
    expect(deps.notifyError).toHaveBeenCalledWith('Algo salió mal. Inténtalo de nuevo.');

    const empty = setup(() => problem(500, { code: 'internal', detail: '   ' }));
    await empty.client.GET('/app/version');
    expect(empty.deps.notifyError).toHaveBeenCalledWith('Algo salió mal. Inténtalo de nuevo.');
  });

  it('leaves the body readable for the caller after reading the problem', async () => {
    const { client } = setup(() => problem(404, { code: 'not_found', detail: 'No encontrado' }));
    const { error } = await client.GET('/app/version');
    expect(error).toMatchObject({ detail: 'No encontrado', status: 404 });
  });

  it('a network failure shows the generic message and still rejects for the caller', async () => {
    const { client, deps } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.GET('/app/version')).rejects.toThrow('Failed to fetch');
    expect(deps.notifyError).toHaveBeenCalledWith('Algo salió mal. Inténtalo de nuevo.');
  });

  it('an aborted request is silently ignored: no notification, no session change', async () => {
    const { client, deps } = setup(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(client.GET('/app/version')).rejects.toMatchObject({ name: 'AbortError' });
    expect(deps.notifyError).not.toHaveBeenCalled();
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('a request aborted through its signal is ignored too', async () => {
    const controller = new AbortController();
    const { client, deps } = setup((request) => {
      controller.abort();
      if (request.signal.aborted) throw request.signal.reason;
      return version();
    });
    await expect(client.GET('/app/version', { signal: controller.signal })).rejects.toBeDefined();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('`quiet` lets a screen show a failure itself (e.g. field errors) without a notification', async () => {
    const { client, deps } = setup(() =>
      problem(400, { code: 'validation_failed', detail: 'amount: Campo obligatorio' }),
    );
    const { error } = await client.GET('/app/version', { middleware: [quiet] });
    expect(error).toMatchObject({ code: 'validation_failed' });
    expect(deps.notifyError).not.toHaveBeenCalled();
  });
});

describe('version client', () => {
  it('carries `lang` like the main client', async () => {
    const requests: Request[] = [];
    const client = createVersionClient({
      baseUrl: BASE,
      getLang: () => 'pt',
      fetch: async (request) => {
        requests.push(request);
        return version();
      },
    });
    expect(await fetchServerVersion(client)).toBe('1.0.2');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/app/version');
    expect(new URL(requests[0]!.url).searchParams.get('lang')).toBe('pt');
  });

  it('never ends the session on a 401 and reports the failure to its caller', async () => {
    const client = createVersionClient({
      baseUrl: BASE,
      getLang: () => 'en',
      fetch: async () => problem(503, { code: 'service_unavailable', detail: 'Briefly unavailable' }),
    });
    await expect(fetchServerVersion(client)).rejects.toThrow('Briefly unavailable');
    await expect(fetchServerVersion(client)).rejects.toMatchObject({ detail: 'Briefly unavailable' });
  });

  it('a failure without a detail says so, so the caller can fall back to its own text', async () => {
    const client = createVersionClient({
      baseUrl: BASE,
      getLang: () => 'en',
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    });
    await expect(fetchServerVersion(client)).rejects.toBeInstanceOf(VersionCheckError);
    await expect(fetchServerVersion(client)).rejects.toMatchObject({ detail: null });
  });
});
