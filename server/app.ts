import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { DatabaseDevClock, type Clock } from './clock';
import type { Services } from './services';
import { createTranslator } from './i18n/translator';
import { loadOpenApiDocument } from './http/openapi-document';
import { registerOperations, type OperationHandlers } from './http/operations';
import { registerErrorHandling } from './http/error-handler';
import { HttpProblem, problemBody, sendProblem } from './http/problem';
import { registerSecurityHeaders } from './security/headers';
import { registerSpa } from './web/spa';
import { appVersionHandlers } from './routes/app-version';
import { walletHandlers } from './routes/wallet';
import { paymentHandlers } from './routes/payments';
import cookie from '@fastify/cookie';
import { createAuthenticator } from './auth/authenticate';
import { accountHandlers } from './routes/accounts';
import { devHandlers } from './routes/dev';
import { createMailer } from './providers/email/index';
import type { DestinationStream } from 'pino';
import { serializeRequest } from './security/log-redaction';

export interface AppDependencies {
  config: Config;
  database: Database;
  clock: Clock;
  /** Where the built web app is; tests of the API alone can leave it out. */
  webDir?: string | null;
  /** Where log lines go instead of stdout (tests read them to prove no secret is ever logged). */
  logStream?: DestinationStream;
}

const JSON_BODY_LIMIT = 64 * 1024;

/** Builds the HTTP server: the contract's operations under /api/, the web app everywhere else. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.config.logLevel === 'silent'
        ? false
        : {
            level: deps.config.logLevel,
            // Defence in depth: request serialisers log no headers today, and if one ever does, no token leaks.
            redact: ['req.headers.authtoken', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // Emailed links carry codes and saltcodes in their query: logged URLs keep only harmless parameters.
            serializers: { req: serializeRequest as never },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    bodyLimit: JSON_BODY_LIMIT,
    // The client address (rate limits) and protocol (Secure cookies) from X-Forwarded-* only through trusted hops.
    trustProxy: deps.config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < deps.config.trustProxyHops : false,
    routerOptions: { ignoreTrailingSlash: false },
  });
  const translator = await createTranslator();
  const document = await loadOpenApiDocument();

  await registerSecurityHeaders(app);
  await app.register(cookie);
  registerErrorHandling(app, translator);

  // Outside production, the full message (code and link) goes to the console as the developer's inbox; that is
  // stdout, not the log. In production without SMTP only a masked notice is logged.
  const mail = createMailer(deps.config, deps.database.db, deps.clock, (line) =>
    deps.config.devFeatures ? console.log(line) : app.log.warn(line),
  );
  app.addHook('onClose', async () => mail.close());
  if (mail.kind === 'outbox' && !deps.config.devFeatures) {
    app.log.warn('SMTP_URL is not set: emails are kept in the outbox table and not delivered');
  }

  const clock = deps.clock;
  if (deps.config.devFeatures && clock instanceof DatabaseDevClock) {
    // Every process on the database shares the test clock: re-read it before each API request (see clock.ts).
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) await clock.refresh();
    });
  }

  const services: Services = { config: deps.config, database: deps.database, clock, translator, mailer: mail.mailer };
  const handlers: OperationHandlers = {
    ...appVersionHandlers(services),
    ...walletHandlers(services),
    ...paymentHandlers(services),
    ...accountHandlers(services),
    ...devHandlers(services),
  };
  registerOperations(app, document, handlers, {
    authenticate: createAuthenticator({ db: deps.database.db, clock }),
    idempotency: { db: deps.database.db, clock },
    includeDevOnly: deps.config.devFeatures,
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
