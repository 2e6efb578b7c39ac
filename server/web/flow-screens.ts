import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { projectRoot } from '../paths';

/** Where the explorer asks for the screens of the flow atlas. */
const FLOW_SCREENS_PREFIX = '/flows/screens/';

/**
 * The screens of the flow atlas (docs/flows/screens: captures of each machine state the browser tests reached, and
 * their index.json; issue 27 item 5) for the explorer at /flows — only where the explorer is on (never in production
 * unless FLOW_EXPLORER=on), and only from a checkout that has them. They change with every full browser run, so they
 * are revalidated rather than cached for long.
 */
export async function registerFlowScreens(app: FastifyInstance, root = join(projectRoot, 'docs', 'flows', 'screens')): Promise<boolean> {
  if (!existsSync(root)) return false;
  await app.register(fastifyStatic, {
    root,
    prefix: FLOW_SCREENS_PREFIX,
    // The app's own static files registered the reply's sendFile already (spa.ts).
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
    setHeaders(reply) {
      reply.header('cache-control', 'no-cache');
    },
  });
  return true;
}
