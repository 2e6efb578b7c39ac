import { ChunkLoadError } from '../lib/chunk-load-error';

/**
 * What an error view says (spec 8). A chunk that did not arrive is the network's fault and a reload fixes it;
 * anything else is our bug, and the user is told so plainly and pointed home.
 */
export function errorTexts(error: unknown) {
  return error instanceof ChunkLoadError
    ? ({ title: 'routeError.title', body: 'routeError.body' } as const)
    : ({ title: 'crashError.title', body: 'crashError.body' } as const);
}
