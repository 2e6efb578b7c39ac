/**
 * Where a user's pictures are served (spec 3: an image path keyed by userId with a cache-busting photoKey). Null
 * without a key: the default avatar shows without a request that could only fail.
 */
export function avatarUrl(userId: string, photoKey: string | null | undefined): string | null {
  return photoKey ? `/api/media/avatar/${encodeURIComponent(userId)}?k=${encodeURIComponent(photoKey)}` : null;
}

export function backgroundUrl(userId: string, backgroundKey: string | null | undefined): string | null {
  return backgroundKey ? `/api/media/background/${encodeURIComponent(userId)}?k=${encodeURIComponent(backgroundKey)}` : null;
}
