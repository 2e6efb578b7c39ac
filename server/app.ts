import { registerJsonBodyParser } from './http/json-body';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { DatabaseDevClock, type Clock } from './clock';
import type { Services } from './services';
import { createTranslator } from './i18n/translator';
import { loadOpenApiDocument } from './http/openapi-document';
import { registerOperations } from './http/operations';
import { contractHandlers } from './http/contract-handlers';
import { registerErrorHandling, toProblem } from './http/error-handler';
import { problemBody, problemFrom, sendProblem } from './http/problem';
import { PRE_ROUTING_HEADERS, registerSecurityHeaders } from './security/headers';
import { registerCacheControl } from './http/cache-control';
import { registerFlowScreens } from './web/flow-screens';
import { registerSpa } from './web/spa';
import { appVersionHandlers } from './routes/app-version';
import { walletHandlers } from './routes/wallet';
import { paymentHandlers } from './routes/payments';
import { statementHandlers } from './routes/statements';
import { summaryHandlers } from './routes/summary';
import { peopleHandlers } from './routes/people';
import { OutboxSms } from './providers/sms/index';
import { auditHandlers } from './routes/audit';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { constants as zlibConstants } from 'node:zlib';
import { createAuthenticator } from './auth/authenticate';
import { accountHandlers } from './routes/accounts';
import { emailCodeHandlers } from './routes/email-codes';
import { passwordHandlers } from './routes/passwords';
import { sessionHandlers } from './routes/sessions';
import { devHandlers } from './routes/dev';
import { creatorHandlers } from './routes/creators';
import { accountSettingsHandlers } from './routes/account-settings';
import { publicProfile } from './creators/profiles';
import { socialPreviewTags } from './web/social-preview';
import { isPublicProfilePath } from '../domain/app-routes';
import { healthHandlers } from './routes/health';
import { apiDocsHandlers } from './routes/api-docs';
import { createMailer, type Mailer } from './providers/email/index';
import type { DestinationStream } from 'pino';
import { loggingOptions, registerRequestId } from './observability/logging';
import { registerBrowserTrail } from './http/browser-trail';
import { registerMetricsHooks, type Metrics } from './observability/metrics';
import { createProviders, mediaDirOf, type Providers } from './providers/index';
import { walletAccountHandlers } from './routes/wallet-accounts';
import { cardHandlers } from './routes/cards';
import { depositHandlers } from './routes/deposits';
import { withdrawalHandlers } from './routes/withdrawals';
import { mediaHandlers, registerMediaBodies } from './routes/media';
import { LiveHub, type LiveOptions } from './live/live-hub';
import { liveEventHandlers } from './routes/live-events';
import { DomainError } from './problems/domain-error';

export interface AppDependencies {
  config: Config;
  database: Database;
  clock: Clock;
  /** Where the built web app is; tests of the API alone can leave it out. */
  webDir?: string | null;
  /** Where log lines go instead of stdout (tests read them to prove no secret is ever logged). */
  logStream?: DestinationStream;
  /** Request and money-operation counters (observability/metrics.ts); none are kept when left out. */
  metrics?: Metrics;
  /** The external services (default: the sandboxes, on this database; design.md §5). */
  providers?: Providers;
  /** The event streams' heartbeat and per-user limit (server/live/live-hub.ts). */
  live?: LiveOptions;
}

const JSON_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mailer (SMTP or the outbox), shared with the job runner's notification emails. */
    mailer: Mailer;
    /** The live-update streams (server/live/live-hub.ts): `changed()` after a commit that may concern someone. */
    live: LiveHub;
  }
}

/** Builds the HTTP server: the contract's operations under /api/, the web app everywhere else. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const translator = await createTranslator();
  const app = Fastify({
    ...loggingOptions(deps.config, deps.logStream),
    bodyLimit: JSON_BODY_LIMIT,
    // The client address (rate limits) and protocol (Secure cookies) from X-Forwarded-* only through trusted hops.
    trustProxy: deps.config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < deps.config.trustProxyHops : false,
    routerOptions: { ignoreTrailingSlash: false },
    // Errors Fastify raises before routing (an undecodable or overlong path) bypass the error handler: without this
    // they answered Fastify's own JSON, not a problem (found by the fuzzer, tests/api/fuzz.test.ts).
    frameworkErrors: (error, request, reply) =>
      sendProblem(reply.headers(PRE_ROUTING_HEADERS), problemBody(toProblem(error), request, translator)),
  });
  const document = await loadOpenApiDocument();

  registerRequestId(app);
  if (deps.metrics) registerMetricsHooks(app, deps.metrics);
  await registerSecurityHeaders(app);
  registerCacheControl(app);
  await app.register(cookie);
  // Outside production: which payment transitions the browser tests' clicks cause (issue 27 item 3).
  if (deps.config.devFeatures) registerBrowserTrail(app, deps.database.db);
  // Answers of 1 KB and more (lists, the contract) go compressed when the client accepts it: on a slow phone a page's
  // first data shares its first second with the scripts. The pages are the not-found handler's, which this plugin does
  // not see (server/web/compress-page.ts); the built files under dist/web were compressed at build time and go as they
  // are (@fastify/static's preCompressed). Brotli's quality 4: most of the gain at a small cost, made per answer.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerErrorHandling(app, translator, { strictProblems: deps.config.env !== 'production' });
  registerJsonBodyParser(app);

  // Outside production, the full message (code and link) goes to the console as the developer's inbox; that is
  // stdout, not the log. In production without SMTP only a masked notice is logged, at info: the missing SMTP_URL is
  // warned about once below, and a warning per mail was a line per payment under load.
  const mail = createMailer(deps.config, deps.database.db, deps.clock, (line) =>
    deps.config.devFeatures ? console.log(line) : app.log.info(line),
  );
  app.addHook('onClose', async () => mail.close());
  // The job runner sends notification emails through this same mailer (start-server.ts).
  app.decorate('mailer', mail.mailer);
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

  const providers = deps.providers ?? createProviders({ database: deps.database, clock, mediaDir: mediaDirOf(deps.config), config: deps.config });
  if (!deps.config.devFeatures && providers.sandbox) {
    app.log.warn('payment providers run in sandbox mode: no real card, USDT or payout provider is configured');
  }
  const sms = new OutboxSms(
    deps.database.db,
    clock,
    deps.config.env === 'test' ? undefined : (line) => (deps.config.devFeatures ? console.log(line) : app.log.warn(line)),
    deps.config.devFeatures,
  );
  const services: Services = { config: deps.config, database: deps.database, clock, translator, mailer: mail.mailer, sms, providers };
  // Live updates: every API call that can change something tells the streams once it is answered (its transaction
  // has committed by then); the jobs' changes are told by the runner (start-server.ts). Streams end before the
  // server closes, so none holds a graceful stop.
  const live = new LiveHub(deps.database, deps.live, (error) => app.log.error({ err: error }, 'live updates'));
  app.decorate('live', live);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && request.url.startsWith('/api/')) live.changed();
    if (request.liveMessage && reply.statusCode < 300) live.messagePosted(request.liveMessage.paymentId, request.liveMessage.userIds);
  });
  app.addHook('preClose', async () => live.close());
  // Uploads are streamed (never buffered whole) to the media handler; JSON stays the only parsed body.
  registerMediaBodies(app);
  // One handler per operation of openapi.yaml, each typed from it: a missing or extra one does not compile.
  const handlers = contractHandlers({
    ...appVersionHandlers(services),
    ...walletHandlers(services),
    ...paymentHandlers(services),
    ...statementHandlers(services),
    ...summaryHandlers(services),
    ...auditHandlers(services),
    ...cardHandlers(services),
    ...depositHandlers(services),
    ...withdrawalHandlers(services),
    ...walletAccountHandlers(services),
    ...mediaHandlers(services),
    ...peopleHandlers(services),
    ...sessionHandlers(services),
    ...emailCodeHandlers(services),
    ...passwordHandlers(services),
    ...accountHandlers(services),
    ...creatorHandlers(services),
    ...accountSettingsHandlers(services),
    ...devHandlers(services),
    ...healthHandlers(services),
    ...apiDocsHandlers(services),
    ...liveEventHandlers(services, live),
  });
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
        }, { flowExplorer: deps.config.flowExplorer });
  // The explorer's screens of each state (issue 27 item 5), where the explorer is.
  if (spa && deps.config.flowExplorer) await registerFlowScreens(app);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (wantsPage && spa) {
      if (!isPublicProfilePath(path)) return spa.sendIndex(reply);
      // A creator's page previews when shared; an unknown name is still the app (its router shows the 404).
      return publicProfile(deps.database.db, decodeURIComponent(path.slice(1))).then(
        // The page itself comes rendered with the profile and carries it for the app (server/web/spa.ts).
        (profile) => spa.sendIndex(reply, profile ? { head: socialPreviewTags(profile, deps.config.publicUrl), publicProfile: profile } : undefined),
        (error: unknown) => {
          request.log.error({ err: error }, 'public profile preview failed');
          return spa.sendIndex(reply);
        },
      );
    }
    const problem = path.startsWith('/api')
      ? new DomainError('route_not_found', { values: { method: request.method, path } })
      : new DomainError('not_found');
    return sendProblem(reply, problemBody(problemFrom(problem), request, translator));
  });

  return app;
}
