// Bundles the TypeScript server (and the machines/domain code it shares with the web app) into dist/server.
// Node 20 cannot run .ts; packages stay external and resolve from node_modules.
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
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
