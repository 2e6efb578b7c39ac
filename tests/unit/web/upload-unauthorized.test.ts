import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApiClient, type ApiClientDeps } from '../../../src/api/client';
import { uploadCalls } from '../../../src/features/transactions/upload-calls';

/**
 * The upload goes by XMLHttpRequest (for its progress), outside openapi-fetch's middleware: a 401 must still end the
 * session the same way (spec 4) — the login route, or /expired-session for `session_expired` — and still reach the
 * machine as a failure. Node has no XMLHttpRequest: this one answers like the server would, after `send`.
 */
let answer: { status: number; response: unknown };

class ServerXhr {
  status = 0;
  response: unknown = null;
  responseType = '';
  upload = { onprogress: null as ((e: { loaded: number }) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  opened: string[] = [];
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader() {}
  abort() {}
  send() {
    queueMicrotask(() => {
      this.status = answer.status;
      this.response = answer.response;
      this.onload?.();
    });
  }
}

function setup() {
  const deps = {
    baseUrl: 'http://tipjar.test/api',
    getLang: () => 'en',
    onUnauthorized: vi.fn(() => true),
    onSessionExpired: vi.fn(() => true),
    notifyError: vi.fn(),
    genericMessage: () => 'Something went wrong.',
    fetch: async () => new Response(null, { status: 500 }),
  } satisfies ApiClientDeps;
  return { deps, calls: uploadCalls(createApiClient(deps)) };
}

const photo = { name: 'signed.jpg', type: 'image/jpeg', size: 3 } as unknown as File;
const upload = (calls: ReturnType<typeof uploadCalls>) =>
  toPromise(createActor(calls.uploadMedia, { input: { userId: 'u-1', file: photo } }).start());

describe('the upload by XMLHttpRequest answers 401 like every other call', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', ServerXhr));
  afterEach(() => vi.unstubAllGlobals());

  it('a 401 sends the user to sign in, and the machine hears the failure', async () => {
    const { deps, calls } = setup();
    answer = { status: 401, response: { status: 401, code: 'unauthenticated', detail: 'Sign in to continue.' } };
    await expect(upload(calls)).rejects.toMatchObject({ kind: 'api-failure', status: 401, code: 'unauthenticated' });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('a 401 session_expired goes to /expired-session instead', async () => {
    const { deps, calls } = setup();
    answer = { status: 401, response: { status: 401, code: 'session_expired', detail: 'Your session expired.' } };
    await expect(upload(calls)).rejects.toMatchObject({ status: 401, code: 'session_expired' });
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('other refusals and a success leave the session alone', async () => {
    const { deps, calls } = setup();
    answer = { status: 413, response: { status: 413, code: 'file_too_large', detail: 'The file is too large' } };
    await expect(upload(calls)).rejects.toMatchObject({ status: 413, code: 'file_too_large' });
    answer = { status: 201, response: { media: { id: 'm-1' } } };
    await expect(upload(calls)).resolves.toEqual({ mediaId: 'm-1' });
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });
});
