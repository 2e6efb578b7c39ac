import { createElement, lazy, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../domain/limits';
import { ChunkLoadError } from '../../lib/chunk-load-error';

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

/** A lazy route component that can be fetched ahead of its first render (main.tsx does it for the first view). */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * Every route and layout is its own chunk (React.lazy), so the entry stays small. Pages export a named
 * component; the loader picks it: `lazyPage(() => import('./x-page').then((m) => m.XPage))`.
 *
 * `preload()` fetches it early; a page already loaded when it mounts renders at once instead of suspending, so
 * the first view (frame, page and strings fetched together before the first render) paints whole: no frame
 * painted first with its footer in view and then pushed down by the page (the landing's CLS of 0.52). Whether an
 * instance renders the loaded component or the lazy one is fixed at its mount, so it never remounts.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = () => {
    loading ??= loadWithin(load(), CHUNK_LOAD_TIMEOUT_MS).then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may be retried by the next render (the error views offer a reload).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function LazyRoute(props: P) {
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(LazyRoute, {
    preload: () =>
      loadOnce().then(
        () => {},
        () => {
          // Not fatal here: the render that needs it fails visibly and offers a reload.
        },
      ),
  });
}

/** Starts a lazyPage's chunk if `component` is one (route tables type their pages as plain components). */
export function preloadPage(component: unknown): void {
  (component as { preload?: () => void }).preload?.();
}
