import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPage, pageEncoding } from '../../../server/web/compress-page';

describe('a page\'s content coding', () => {
  it('is brotli when accepted, else gzip, else none', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('*')).toBe('gzip');
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding('')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });

  it('leaves out a coding the browser refuses with q=0', () => {
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pageEncoding('BR; Q=1.0')).toBe('br');
  });

  it('comes back byte for byte, and smaller', async () => {
    const html = `<!doctype html><html lang="pt"><body>${'<p>Olá, ação — 💸</p>'.repeat(400)}</body></html>`;
    const br = await compressPage(html, 'br');
    const gz = await compressPage(html, 'gzip');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(html);
    expect(gunzipSync(gz).toString('utf8')).toBe(html);
    expect(br.length).toBeLessThan(Buffer.byteLength(html) / 4);
    expect(gz.length).toBeLessThan(Buffer.byteLength(html) / 4);
  });
});
