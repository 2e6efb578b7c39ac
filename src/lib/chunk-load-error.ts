/** A route chunk that failed to arrive (spec 8: after 120 s, or on a network error / stale deploy). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}
