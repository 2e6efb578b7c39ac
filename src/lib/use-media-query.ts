import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, re-rendering when it changes (a window resized or a phone turned). For what
 * need not be built at all where it would not show; what only looks different stays in CSS.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
