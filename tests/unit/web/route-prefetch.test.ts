import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { homeActivityMachine, type HomeData } from '../../../machines/home-activity.machine';
import { notificationsMachine } from '../../../machines/notifications.machine';
import { sessionMachine } from '../../../machines/session.machine';
import { createApiClient, type ApiClientDeps } from '../../../src/api/client';
import { apiClientFor } from '../../../src/api/use-api';
import { offerPrefetch, ownProfileKey, takePrefetch } from '../../../src/app/router/route-prefetch';
import type { Runtime } from '../../../src/app/runtime/runtime';
import { loadHome, prefetchHome } from '../../../src/features/home/home-data';
import { completeUser } from '../../model/support/accounts-fixtures';

/**
 * A route's first calls start before its page (src/app/router/route-prefetch.ts); the page's machine takes the
 * answer once, and calls the server itself when none is waiting, or it is too old.
 */
const homeData: HomeData = { recent: [], balance: '12.50', hasCard: true, profileComplete: false };

const ANA = completeUser;

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

/** The real client over a fake server that answers home's four calls, counting them. */
function homeServer() {
  const paths: string[] = [];
  const deps: ApiClientDeps = {
    baseUrl: 'http://tipjar.test/api',
    getLang: () => 'en',
    onUnauthorized: () => true,
    onSessionExpired: () => true,
    notifyError: () => {},
    genericMessage: () => 'Something went wrong.',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      paths.push(path);
      if (path.endsWith('/payment/list')) return json({ results: [], page: 1, pageSize: 20, hasMore: false });
      if (path.endsWith('/wallet')) return json({ balance: '3.00', available: '3.00', held: '0.00' });
      if (path.endsWith('/cards')) return json({ cards: [] });
      return json({ bio_message: '' });
    },
  };
  return { client: createApiClient(deps), deps, paths };
}

describe('route prefetch', () => {
  it('hands a waiting answer over once', async () => {
    const load = vi.fn(async () => 'answer');
    offerPrefetch('once', load);
    await expect(takePrefetch('once')).resolves.toBe('answer');
    expect(takePrefetch('once')).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not start a second load while one is waiting', () => {
    const load = vi.fn(() => new Promise(() => {}));
    offerPrefetch('twice', load);
    offerPrefetch('twice', load);
    expect(load).toHaveBeenCalledTimes(1);
    takePrefetch('twice');
  });

  it('does not hand out an answer older than ten seconds, and may start a new one', () => {
    let now = 1_000;
    const load = vi.fn(async () => 'old');
    offerPrefetch('stale', load, () => now);
    now += 10_001;
    offerPrefetch('stale', load, () => now);
    expect(load).toHaveBeenCalledTimes(2);
    now += 10_001;
    expect(takePrefetch('stale', () => now)).toBeUndefined();
  });

  it('a failed load is the taker’s failure', async () => {
    offerPrefetch('failing', () => Promise.reject(new Error('offline')));
    await expect(takePrefetch('failing')).rejects.toThrow('offline');
  });

  it('home’s route starts its calls, and its machine takes the answer instead of calling again', async () => {
    const { deps, paths } = homeServer();
        const runtime: Runtime = {
      session: createActor(sessionMachine, { input: { user: ANA } }).start(),
      notifications: createActor(notificationsMachine).start(),
      api: deps,
    };
    prefetchHome(runtime);
    const actor = createActor(homeActivityMachine.provide({ actors: { loadHome: loadHome(apiClientFor(deps)) } }), {
      input: { userId: ANA.userId },
    }).start();
    const done = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(done.context.data).toEqual({ recent: [], balance: '3.00', hasCard: false, profileComplete: false });
    expect(paths).toHaveLength(4);
    // The same profile read waits for the shell's sidebar (profile-summary-context.tsx): no fifth call for it.
    await expect(takePrefetch(ownProfileKey(ANA.userId))).resolves.toEqual({ bio_message: '' });
    expect(paths.filter((path) => path.endsWith('/profile'))).toHaveLength(1);
  });

  it('without a waiting answer (or for another user) the machine calls the server', async () => {
    const { client, paths } = homeServer();
    offerPrefetch('home:someone-else', async () => homeData);
    const actor = createActor(homeActivityMachine.provide({ actors: { loadHome: loadHome(client) } }), {
      input: { userId: ANA.userId },
    }).start();
    const done = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(done.context.data).toEqual({ recent: [], balance: '3.00', hasCard: false, profileComplete: false });
    expect(paths).toHaveLength(4);
    takePrefetch('home:someone-else');
  });
});
