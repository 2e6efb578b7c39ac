import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { webDistDir } from '../paths';
import { htmlContentSecurityPolicy, newNonce } from '../security/headers';

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with a fresh script nonce) for every
 * other GET that is not under /api/, so deep links such as /transactions load the app and its router decides.
 */
export interface Spa {
  sendIndex(reply: FastifyReply): FastifyReply;
}

export async function registerSpa(app: FastifyInstance, dir = webDistDir): Promise<Spa | null> {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const template = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: dir,
    index: false,
    wildcard: false,
    serve: true,
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.includes(`${join(dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });
  return {
    sendIndex(reply) {
      const nonce = newNonce();
      const html = template.replaceAll('<script', `<script nonce="${nonce}"`);
      return reply
        .code(200)
        .header('content-security-policy', htmlContentSecurityPolicy(nonce))
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  };
}
