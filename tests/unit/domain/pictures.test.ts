import { describe, expect, it } from 'vitest';
import { avatarSizeFor, avatarSources, avatarUrl, backgroundUrl, bannerSources } from '../../../domain/pictures';

const USER = '2f1c0a52-8d3e-4b71-9a55-0c6f1e2d3b4a';
const KEY = '7e0d5c3b-1a2f-4e6d-8c9b-0a1b2c3d4e5f';

describe('picture addresses and the renditions a view asks for', () => {
  it('are keyed by user and picture key; none without a key', () => {
    expect(avatarUrl(USER, KEY)).toBe(`/api/media/avatar/${USER}?k=${KEY}`);
    expect(backgroundUrl(USER, KEY)).toBe(`/api/media/background/${USER}?k=${KEY}`);
    expect(avatarUrl(USER, null)).toBeNull();
  });

  it('pick the smallest avatar that fills the drawn size at the screen density', () => {
    expect([avatarSizeFor(40, 1), avatarSizeFor(40, 2), avatarSizeFor(96, 2), avatarSizeFor(128, 2), avatarSizeFor(600, 1)]).toEqual([64, 128, 512, 512, 512]);
  });

  it('offer WebP first and JPEG as the fallback, 1× and 2×', () => {
    const url = `/api/media/avatar/${USER}?k=${KEY}`;
    expect(avatarSources(url, 40)).toEqual({
      webpSrcSet: `${url}&size=64&format=webp 1x, ${url}&size=128&format=webp 2x`,
      jpegSrcSet: `${url}&size=64&format=jpeg 1x, ${url}&size=128&format=jpeg 2x`,
      jpegSrc: `${url}&size=64&format=jpeg`,
    });
    expect(bannerSources(`/api/media/background/${USER}?k=${KEY}`)?.jpegSrc).toBe(`/api/media/background/${USER}?k=${KEY}&size=1500&format=jpeg`);
    // Anything else (a local preview) is drawn as it is.
    expect(avatarSources('blob:http://localhost/1', 40)).toBeNull();
  });
});
