import { describe, expect, it } from 'vitest';
import { firstViewReads } from '../../../domain/first-view-reads';
import { createApiClient } from '../../../src/api/client';
import { loadHomeData } from '../../../src/api/activity-calls';
import { completeUser } from '../../model/support/accounts-fixtures';

/**
 * The server names a signed-in first view's API reads in the page's HTML as fetch preloads
 * (domain/first-view-reads.ts, server/web/spa.ts); the browser hands a preloaded answer only to a request for the
 * very same URL. These are the URLs the app's own client asks for, byte for byte, in every language.
 */
function recordingClient(language: string) {
  const urls: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://tipjar.test/api',
    getLang: () => language,
    onUnauthorized: () => true,
    onSessionExpired: () => true,
    notifyError: () => {},
    genericMessage: () => 'Something went wrong.',
    fetch: async (request) => {
      const url = new URL(request.url);
      urls.push(`${url.pathname}${url.search}`);
      const body = url.pathname.endsWith('/payment/list')
        ? { results: [], page: 1, pageSize: 20, hasMore: false }
        : url.pathname.endsWith('/wallet')
          ? { balance: '0.00', available: '0.00', held: '0.00' }
          : url.pathname.endsWith('/cards')
            ? { cards: [] }
            : { bio_message: '' };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, urls };
}

describe('first-view reads', () => {
  for (const language of ['en', 'es', 'pt']) {
    it(`home's are the calls home's data makes (${language})`, async () => {
      const { client, urls } = recordingClient(language);
      await loadHomeData(client, completeUser.userId);
      expect(urls.sort()).toEqual(firstViewReads('/', completeUser.userId, language).sort());
    });
  }

  it('names nothing for a page whose reads are not preloaded', () => {
    expect(firstViewReads('/settings', completeUser.userId, 'en')).toEqual([]);
  });
});
