import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { devToolsNotice, DEV_TOOLS } from '../../../server/dev-tools-notice';
import { listOperations, loadOpenApiDocument } from '../../../server/http/openapi-document';

describe('the development-mode start line', () => {
  it('names every development tool, the loopback rule and that this mode is not for production', () => {
    expect(devToolsNotice(loadConfig({}))).toBe(
      'DEVELOPMENT MODE — not for production: development tools are on (' +
        'outbox (emails and texts, with their codes and links) GET /api/dev/outbox; ' +
        'test clock GET /api/dev/clock, POST /api/dev/clock; ' +
        'sandbox USDT transfers POST /api/dev/sandbox/usdt-transfers; ' +
        'browser trail (payment transitions browser tests caused) GET /api/dev/browser-trail), answered only to this machine (127.0.0.0/8, ::1); ' +
        'emails and texts are printed here; listening on 127.0.0.1:3000. Set NODE_ENV=production to run for real.',
    );
  });

  it('is not printed when development tools are off', () => {
    expect(devToolsNotice(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
    expect(devToolsNotice(loadConfig({ NODE_ENV: 'development', DEV_FEATURES: 'false' }))).toBeNull();
  });

  it('covers exactly the x-dev-only operations of openapi.yaml', async () => {
    const doc = await loadOpenApiDocument();
    const devRoutes = listOperations(doc)
      .filter((e) => e.operation['x-dev-only'] === true)
      .map((e) => `${e.method.toUpperCase()} /api${e.path}`)
      .sort();
    expect(DEV_TOOLS.flatMap((t) => t.routes).sort()).toEqual(devRoutes);
    expect(devRoutes).toEqual(['GET /api/dev/browser-trail', 'GET /api/dev/clock', 'GET /api/dev/outbox', 'POST /api/dev/clock', 'POST /api/dev/sandbox/usdt-transfers']);
  });
});
