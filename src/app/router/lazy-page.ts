import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../domain/limits';

/** A route chunk that failed to arrive (spec 8: after 120 s, or on a network error / stale deploy). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * Races a chunk download against a timer. The browser gives up on a stalled module request only after
 * minutes (or never, on a half-open connection); spec 8 says 120 s, after which the page offers a reload.
 * Every failure becomes a ChunkLoadError so the error views can tell "did not arrive" from "crashed".
 */
export function loadWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Chunk did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

/**
 * Every route and layout is its own chunk (React.lazy), so the entry stays small. Pages export a named
 * component; the loader picks it: `lazyPage(() => import('./x-page').then((m) => m.XPage))`.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let started: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (started ??= loadWithin(load(), CHUNK_LOAD_TIMEOUT_MS).then((component) => ({ default: component })));
  // preload(): the same download React.lazy will wait for, begun before the component renders (a failure still
  // reaches the error views through lazy, which gets the same promise; here it is only kept from being unhandled).
  return Object.assign(lazy(start), { preload: () => void start().catch(() => {}) });
}

/** Starts a lazyPage's chunk if `component` is one (route tables type their pages as plain components). */
export function preloadPage(component: unknown): void {
  (component as { preload?: () => void }).preload?.();
}
