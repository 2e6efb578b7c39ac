// After vite build: a Brotli (.br) and a gzip (.gz) copy of every text asset in dist/web, which the server sends as
// they are to browsers that accept them (@fastify/static preCompressed, server/web/spa.ts). Compressed once at build
// time at the highest levels instead of per request: on the slow-4G profile of npm run bench:web the landing's
// JavaScript went from ~480 KB on the wire to about a third of that (docs/performance.md).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = 'dist/web';
const TEXT = /\.(js|mjs|css|svg|json|webmanifest|txt|xml)$/;
// Tiny files gain nothing from an encoded copy (the headers cost more than the bytes saved).
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(root)) {
  if (!TEXT.test(path) || path.includes('/.vite/')) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
}
console.log(`compress-web: .br and .gz for ${count} files in ${root}`);
