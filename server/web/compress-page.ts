import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type PageEncoding = 'br' | 'gzip';

/**
 * The content coding to send a page in, from the request's Accept-Encoding: brotli, else gzip, else none. A coding
 * the browser refuses (`;q=0`) is not one it accepts.
 */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (token && (q === undefined || Number(q) > 0)) accepted.add(token);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * A page's HTML compressed for the wire. The pages the server renders are 8–20 KB of HTML, which on a slow phone
 * connection share the first second with the scripts (1.6 Mbps: ~80 ms for 16 KB). The API's answers are compressed
 * by @fastify/compress (server/app.ts), which works on routes only: a page is the not-found handler's answer
 * (server/app.ts), so it is compressed here, at the same brotli quality.
 */
export function compressPage(html: string, encoding: PageEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    : gzipped(html, { level: 6 });
}
