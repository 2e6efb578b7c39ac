import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../domain/limits';
import { ChunkLoadError } from '../../../src/lib/chunk-load-error';
import { loadWithin } from '../../../src/app/router/lazy-page';

/** Spec 8: a chunk that has not arrived after 120 s is a ChunkLoadError, which the error views turn into a reload prompt. */
describe('loadWithin (the lazy loader’s time limit)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settled = async (promise: Promise<unknown>) => {
    let state: 'pending' | 'resolved' | 'rejected' = 'pending';
    promise.then(
      () => (state = 'resolved'),
      () => (state = 'rejected'),
    );
    await vi.advanceTimersByTimeAsync(0);
    return state;
  };

  it('is 120 s', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects with a ChunkLoadError once the chunk has taken 120 s, and not a millisecond before', async () => {
    const load = loadWithin(new Promise(() => {}), CHUNK_LOAD_TIMEOUT_MS);
    const outcome = load.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(await settled(load)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toContain('120000');
  });

  it('hands over a chunk that arrives in time and leaves no timer behind', async () => {
    let arrive!: (value: string) => void;
    const load = loadWithin(new Promise<string>((resolve) => (arrive = resolve)), CHUNK_LOAD_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    arrive('page');
    await expect(load).resolves.toBe('page');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a failed download into a ChunkLoadError at once, keeping the browser’s message', async () => {
    const load = loadWithin(Promise.reject(new TypeError('Failed to fetch dynamically imported module')), CHUNK_LOAD_TIMEOUT_MS);
    await expect(load).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(load).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('errorTexts (what the error views say)', () => {
  it('offers a reload for a chunk that did not arrive, and owns up to anything else', async () => {
    const { errorTexts } = await import('../../../src/ui/error-texts');
    expect(errorTexts(new ChunkLoadError('offline')).title).toBe('routeError.title');
    expect(errorTexts(new TypeError('x is undefined')).title).toBe('crashError.title');
  });
});

describe('lazyPage preload (the page chunk asked for beside its layout)', () => {
  it('downloads once: preload and the lazy component share the same request', async () => {
    const { lazyPage, preloadPage } = await import('../../../src/app/router/lazy-page');
    let calls = 0;
    const Page = lazyPage(async () => {
      calls += 1;
      return () => null;
    });
    preloadPage(Page);
    preloadPage(Page);
    expect(calls).toBe(1);
    // The lazy component's own download is the one already under way.
    await (Page as unknown as { preload: () => Promise<void> }).preload();
    expect(calls).toBe(1);
  });

  it('keeps a failed preload from being an unhandled rejection, and ignores components that are not lazy pages', async () => {
    const { lazyPage, preloadPage } = await import('../../../src/app/router/lazy-page');
    const Page = lazyPage(() => Promise.reject(new Error('offline')));
    preloadPage(Page);
    preloadPage(() => null);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
