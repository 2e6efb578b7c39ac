import type { Config } from './config';

/**
 * The development tools a server outside production has on, each with the routes it answers (docs/configuration.md).
 * tests/unit/server/dev-tools-notice.test.ts checks that every `x-dev-only` route of openapi.yaml is named here.
 */
export const DEV_TOOLS: readonly { name: string; routes: readonly string[] }[] = [
  { name: 'outbox (emails and texts, with their codes and links)', routes: ['GET /api/dev/outbox'] },
  { name: 'test clock', routes: ['GET /api/dev/clock', 'POST /api/dev/clock'] },
  { name: 'sandbox USDT transfers', routes: ['POST /api/dev/sandbox/usdt-transfers'] },
  { name: 'browser trail (payment transitions browser tests caused)', routes: ['GET /api/dev/browser-trail'] },
];

/**
 * The one line the server prints on start when development tools are on — or null when they are off. A developer
 * who started it by mistake on a real host reads there what is open and how to turn it off.
 */
export function devToolsNotice(config: Pick<Config, 'devFeatures' | 'host' | 'port'>): string | null {
  if (!config.devFeatures) return null;
  const tools = DEV_TOOLS.map((tool) => `${tool.name} ${tool.routes.join(', ')}`).join('; ');
  return (
    `DEVELOPMENT MODE — not for production: development tools are on (${tools}), answered only to this machine ` +
    `(127.0.0.0/8, ::1); emails and texts are printed here; listening on ${config.host}:${config.port}. ` +
    `Set NODE_ENV=production to run for real.`
  );
}
