import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../../../src/app/router/lazy-page';

/**
 * The first view (src/app/router/first-view.ts) preloads its frame and page so they paint together: a preloaded
 * lazy page renders at once, one that is not suspends (the frame's fallback) until its chunk arrives.
 */
const page = (text: string) => () => createElement('p', null, text);
const inSuspense = (component: React.ComponentType) =>
  renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(component)));

describe('lazyPage preload', () => {
  it('a page not yet loaded suspends', () => {
    const Page = lazyPage(() => new Promise<React.ComponentType>(() => {}));
    expect(inSuspense(Page)).toContain('loading');
  });

  it('a preloaded page renders without suspending', async () => {
    const Page = lazyPage(async () => page('the landing'));
    await Page.preload();
    const html = inSuspense(Page);
    expect(html).toContain('the landing');
    expect(html).not.toContain('loading');
  });

  it('a failed preload is not fatal, and the next load asks again', async () => {
    let calls = 0;
    const Page = lazyPage(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return page('second try');
    });
    await expect(Page.preload()).resolves.toBeUndefined();
    await Page.preload();
    expect(calls).toBe(2);
    expect(inSuspense(Page)).toContain('second try');
  });
});
