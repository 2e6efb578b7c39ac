import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import {
  BROWSER_TRAIL_COOKIE,
  enableBrowserTrail,
  isTrailKey,
  keepRequestTrail,
  openRequestTrail,
  runWithRequestTrail,
  type RequestTrail,
} from '../dev/browser-trail';

/**
 * The request hooks of the browser trail (server/dev/browser-trail.ts: which payment-lifecycle transitions browser
 * requests cause, for the Playwright run's coverage). Registered only where the development tools are on, after the
 * cookie plugin: a request Chromium made (`Sec-Fetch-Site`) with a test's cookie runs with a trail of its own, and
 * once it is answered the transitions it noted are kept if the database has their trail lines.
 */
export function registerBrowserTrail(app: FastifyInstance, db: Db): void {
  enableBrowserTrail();
  const open = new WeakMap<FastifyRequest, RequestTrail>();
  app.addHook('onRequest', (request, _reply, done) => {
    const test = request.cookies[BROWSER_TRAIL_COOKIE];
    if (!request.headers['sec-fetch-site'] || !isTrailKey(test)) return done();
    const trail = openRequestTrail(test);
    open.set(request, trail);
    runWithRequestTrail(trail, done);
  });
  app.addHook('onResponse', async (request) => {
    const trail = open.get(request);
    if (trail?.noted.length) await keepRequestTrail(db, trail);
  });
}
