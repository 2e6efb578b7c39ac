/**
 * Where a user's pictures are served (spec 3: an image path keyed by userId with a cache-busting photoKey), shared by
 * the server (the URLs it puts in profiles, search results, contacts, payments and the session user) and the app
 * (the sizes it asks for). The key is the picture's media id: a new picture has a new address, so an address can be
 * cached for good (server: Cache-Control immutable).
 */
export type PictureSlot = 'photo' | 'background';
export type PictureFormat = 'webp' | 'jpeg';

/** Avatar sides the views use (px): lists (40 px, on 2× screens 64…128), the pay page and the social preview. */
export const AVATAR_SIZES = [64, 128, 512] as const;
/** Banner widths (px): the pay page's cover and the sidebar's banner. */
export const BANNER_WIDTHS = [1500] as const;
export const PICTURE_FORMATS = ['webp', 'jpeg'] as const satisfies readonly PictureFormat[];

/** The picture's address as the API gives it: without size or format it answers the largest JPEG. */
export function avatarUrl(userId: string, photoKey: string | null | undefined): string | null {
  return photoKey ? `/api/media/avatar/${encodeURIComponent(userId)}?k=${encodeURIComponent(photoKey)}` : null;
}

export function backgroundUrl(userId: string, backgroundKey: string | null | undefined): string | null {
  return backgroundKey ? `/api/media/background/${encodeURIComponent(userId)}?k=${encodeURIComponent(backgroundKey)}` : null;
}

/** One size and format of a picture whose address the API gave (an avatar or background URL above). */
export function pictureVariant(url: string, size: number, format: PictureFormat): string {
  return `${url}${url.includes('?') ? '&' : '?'}size=${size}&format=${format}`;
}

/** The smallest avatar side at least `cssPixels × density`, or the largest there is. */
export function avatarSizeFor(cssPixels: number, density: number): number {
  const wanted = cssPixels * density;
  return AVATAR_SIZES.find((size) => size >= wanted) ?? AVATAR_SIZES[AVATAR_SIZES.length - 1]!;
}

export interface PictureSources {
  /** For <source type="image/webp">: the 1× and 2× renditions. */
  webpSrcSet: string;
  /** For the <img>: JPEG, which every browser shows. */
  jpegSrcSet: string;
  jpegSrc: string;
}

/**
 * The renditions an avatar drawn `cssPixels` wide asks for, WebP first with JPEG as the fallback. Null for an
 * address that is not one of this app's avatars (a local preview, say): it is drawn as it is.
 */
export function avatarSources(url: string, cssPixels: number): PictureSources | null {
  if (!url.startsWith('/api/media/avatar/')) return null;
  const one = avatarSizeFor(cssPixels, 1);
  const two = avatarSizeFor(cssPixels, 2);
  const set = (format: PictureFormat) => `${pictureVariant(url, one, format)} 1x, ${pictureVariant(url, two, format)} 2x`;
  return { webpSrcSet: set('webp'), jpegSrcSet: set('jpeg'), jpegSrc: pictureVariant(url, one, 'jpeg') };
}

/** The banner's renditions (one width: the views scale it down). */
export function bannerSources(url: string): PictureSources | null {
  if (!url.startsWith('/api/media/background/')) return null;
  const width = BANNER_WIDTHS[BANNER_WIDTHS.length - 1]!;
  return { webpSrcSet: pictureVariant(url, width, 'webp'), jpegSrcSet: pictureVariant(url, width, 'jpeg'), jpegSrc: pictureVariant(url, width, 'jpeg') };
}
