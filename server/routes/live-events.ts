import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { parseLastEventId, type LastEventId, type LiveHub } from '../live/live-hub';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS } from '../security/rate-limit';
import { DomainError } from '../problems/domain-error';

/** The Last-Event-ID header, as the hub reads it (server/live/live-hub.ts: a cursor over both trails). */
function lastEventIdOf(header: string | string[] | undefined): LastEventId {
  return parseLastEventId(Array.isArray(header) ? header[0] : header);
}

/**
 * GET /api/app/events (issue 23.4): the caller's payment, deposit and withdrawal changes as Server-Sent Events, on the raw response (the
 * reply is hijacked: no compression, which would hold the events back, and no answer validation, the stream being
 * no JSON). The caller is settled by the operation's authenticator like every call (the session cookie or the
 * authtoken header); the hub sends only that user's lines (server/live/live-hub.ts). Two limits: the open streams
 * per user and instance (the hub, 429 too_many_event_streams), and the openings per user across instances
 * (`event-stream-open:user`, 429 too_many_attempts with Retry-After), counted once the stream would be opened.
 */
export function liveEventHandlers(services: Services, hub: LiveHub) {
  return {
    streamEvents: async (request, reply) => {
      const userId = authOf(request).userId;
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new DomainError('not_acceptable');
      }
      if (!hub.hasRoom(userId)) {
        throw new DomainError('too_many_event_streams');
      }
      await enforceLimit(services.database.db, request, reply, [{ limit: LIMITS.eventStreamOpenPerUser, subject: userId }], services.clock.now());
      // Another stream of the user's may have opened while the opening was counted.
      if (!hub.hasRoom(userId)) throw new DomainError('too_many_event_streams');
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: no proxy may compress or rewrite the stream (which would hold its events back).
        'cache-control': 'private, no-store, no-transform',
        'x-content-type-options': 'nosniff',
        // Proxies that buffer (nginx) pass each event at once.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      res.flushHeaders();
      const sink = {
        write: (chunk: string) => {
          if (!res.writableEnded) res.write(chunk);
        },
        end: () => {
          if (!res.writableEnded) res.end();
        },
      };
      let close: (() => void) | null = null;
      let gone = false;
      // The response's close: the client went away (or the stream was ended here).
      res.on('close', () => {
        gone = true;
        close?.();
      });
      try {
        close = await hub.open(userId, sink, lastEventIdOf(request.headers['last-event-id']));
        if (gone) close();
      } catch (error) {
        request.log.error({ err: error }, 'event stream not opened');
        sink.end();
      }
    },
  } satisfies SomeHandlers;
}
