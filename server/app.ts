import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Clock } from './clock';
import type { Services } from './services';
import { createTranslator } from './i18n/translator';
import { loadOpenApiDocument } from './http/openapi-document';
import { registerOperations, type OperationHandlers } from './http/operations';
import { registerErrorHandling } from './http/error-handler';
import { HttpProblem, problemBody, sendProblem } from './http/problem';
import { registerSecurityHeaders } from './security/headers';
import { registerSpa } from './web/spa';
import { appVersionHandlers } from './routes/app-version';
import cookie from '@fastify/cookie';
import { createAuthenticator } from './auth/authenticate';

export interface AppDependencies {
  config: Config;
  database: Database;
  clock: Clock;
  /** Where the built web app is; tests of the API alone can leave it out. */
  webDir?: string | null;
}

const JSON_BODY_LIMIT = 64 * 1024;

/** Builds the HTTP server: the contract's operations under /api/, the web app everywhere else. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: false },
  });
  const translator = await createTranslator();
  const document = await loadOpenApiDocument();

  await registerSecurityHeaders(app);
  await app.register(cookie);
  registerErrorHandling(app, translator);

  const services: Services = { config: deps.config, database: deps.database, clock: deps.clock, translator };
  const handlers: OperationHandlers = {
    ...appVersionHandlers(services),
  };
  registerOperations(app, document, handlers, {
    authenticate: createAuthenticator({ db: deps.database.db, clock: deps.clock }),
  });

  const spa =
    deps.webDir === null
      ? null
      : await registerSpa(app, deps.webDir, {
          chatWidgetUrl: deps.config.chatWidgetUrl,
          sessionRecordingUrl: deps.config.sessionRecordingUrl,
        });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (wantsPage && spa) return spa.sendIndex(reply);
    const problem = path.startsWith('/api')
      ? new HttpProblem(404, 'route_not_found', 'errors:route_not_found', { method: request.method, path })
      : new HttpProblem(404, 'not_found', 'errors:not_found');
    return sendProblem(reply, problemBody(problem, request, translator));
  });

  return app;
}
