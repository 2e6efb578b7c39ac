// Bundles the TypeScript server (and the machines/domain code it shares with the web app) into dist/server.
// Bundled rather than run as .ts: Node's type stripping needs explicit extensions and no path tricks, and one
// bundle starts faster. Packages stay external and resolve from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/main.ts',
    'cli/migrate': 'server/cli/migrate.ts',
    'cli/audit': 'server/cli/audit.ts',
    'cli/admin': 'server/cli/admin.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
