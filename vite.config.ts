/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { chunkGroupOf } from './scripts/build/chunk-groups';

// The API runs in its own process during development (scripts/dev.mjs); vite proxies /api to it.
const apiPort = Number(process.env.API_PORT ?? 3001);

/** The transition recorder, which only the browser tests load: the chunks are cut as if it did not exist. */
const RECORDER = resolve('src/lib/transition-recording.ts');

/** First-view chunks, whose imports are preloaded with them (see modulePreload below). */
const FIRST_VIEW_CHUNK =
  /\/(public-layout|landing-page|how-it-works-page|faq-page|help-page|legal-page|not-found-page|start-runtime|signed-in-routes)-[\w-]+\.js$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  // `vite build --ssr src/prerender/render-page.ts` (npm run build:web): the server's render of the public
  // pages, a Node module in dist/ssr; packages stay external and resolve from node_modules, as the server's do.
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        copyPublicDir: false,
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: { output: { entryFileNames: '[name].js' } },
      }
    : {
        outDir: 'dist/web',
        emptyOutDir: true,
        sourcemap: true,
        // dist/web/.vite/manifest.json: which chunks (and CSS) each module needs, read by npm run bench:bundle and the
        // byte-budget test to add up a route's bytes. Not served (server/web/spa.ts ignores dotfiles).
        manifest: true,
        // The locale files are fetched as JSON by URL (src/i18n/locale-backend.ts): never inline them as data: URLs
        // into the entry chunk, whatever their size.
        assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
        // A few chunks by where their modules are used instead of one per set of sharing pages: a page's requests, not
        // its bytes, were the waterfall on HTTP/1.1 (scripts/build/chunk-groups.ts, docs/performance.md).
        rolldownOptions: {
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [{ name: (id, graph) => chunkGroupOf(id, graph, RECORDER) }],
            },
          },
        },
        // Every browser the app supports has <link rel="modulepreload">; the polyfill only cost the entry chunk bytes.
        modulePreload: {
          polyfill: false,
          // The entry chunk carries, for every lazy chunk it imports, the list of that chunk's static imports to preload
          // with it: file names gzip cannot shrink (1.8 KB for 120 files). It keeps the lists of a visitor's first view
          // and of the runtime and the signed-in route table (a signed-in user's first view); the others (the auth and
          // set-up pages, the flow explorer, the after-idle services) fetch their imports when their chunk arrives,
          // one round trip later. This is what brought the landing route under its 110 KB (docs/performance.md).
          // The transition recorder's list is dropped too: a production page never loads it (only the browser tests do),
          // and its list was 9 file names in the runtime chunk every signed-in page loads.
          resolveDependencies: (filename, deps, { hostType, hostId }) =>
            (hostType === 'js' && /\/index-[\w-]+\.js$/.test(hostId) && !FIRST_VIEW_CHUNK.test(filename)) || /\/transition-recording-[\w-]+\.js$/.test(filename) ? [] : deps,
        },
      },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    include: ['tests/{unit,api,model}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
}));
