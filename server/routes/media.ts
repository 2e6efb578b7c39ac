import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { mediaTypeUnsupported, mediaView, uploadMedia, visibleMedia } from '../media/service';
import { mediaNotFound } from '../media/service';

const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime', 'application/octet-stream'];

/**
 * Upload bodies reach the handler as the raw request stream (no buffering, no size limit here: the media service
 * counts the bytes against the limit of what they turn out to be). Only these content types; JSON stays JSON.
 */
export function registerMediaBodies(app: FastifyInstance): void {
  app.addContentTypeParser(UPLOAD_TYPES, (_request, payload, done) => done(null, payload));
}

/** Media: upload and serve photos and videos (docs/money.md "Media"). */
export function mediaHandlers(services: Services) {
  const { db } = services.database;
  const storage = services.providers.media;
  return {
    uploadMedia: async (request, reply) => {
      const userId = authOf(request).userId;
      if (!(request.body instanceof Readable)) throw mediaTypeUnsupported();
      const length = Number(request.headers['content-length']);
      const row = await uploadMedia(db, storage, {
        ownerUserId: userId,
        body: request.body,
        fileName: request.query.name,
        declaredLength: Number.isFinite(length) ? length : undefined,
        now: services.clock.now(),
      });
      request.log.info({ userId, mediaId: row.id, kind: row.kind, bytes: row.sizeBytes }, 'media uploaded');
      reply.code(201);
      return { media: mediaView(row) };
    },

    getMedia: async (request, reply) => {
      const { mediaId } = request.params;
      const row = await visibleMedia(db, mediaId, authOf(request).userId);
      const file = await storage.open(row.storageKey);
      if (!file) throw mediaNotFound();
      return reply
        .code(200)
        .type(row.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  } satisfies SomeHandlers;
}
