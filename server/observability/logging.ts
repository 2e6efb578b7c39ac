import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config';
import { serializeRequest } from '../security/log-redaction';
import { runInRequestContext } from './request-context';

const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a load balancer or client already gave the request is kept (so one id follows it across hops) if it looks
 * like an id; anything else — too long, odd characters that could forge log fields — gets a fresh UUID.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/**
 * JSON lines through Fastify's pino: one per request received and completed with its `reqId`, and what handlers and
 * jobs log. Bodies and headers are never logged; URLs keep only harmless query parameters.
 */
export function loggingOptions(config: Config, stream?: DestinationStream): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return {
    genReqId: requestIdOf,
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Defence in depth: request serialisers log no headers today, and if one ever does, no token leaks.
            redact: ['req.headers.authtoken', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // Emailed links carry codes and saltcodes in their query: logged URLs keep only harmless parameters.
            serializers: { req: serializeRequest as never },
            ...(stream ? { stream } : {}),
          },
  };
}

/** Returns the id to the caller (for support requests) and makes it visible to code without the request. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runInRequestContext({ requestId: request.id }, done);
  });
}
