import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, re-rendering when it changes (a window resized or a phone turned). For what
 * need not be built at all where it would not show; what only looks different stays in CSS.
 *
 * Undefined on the server and while a server-rendered page is hydrated: the server cannot know the width, so both
 * sides render what every width may need (CSS shows the right part) and the browser drops the rest once hydrated.
 */
export function useMediaQuery(query: string): boolean | undefined {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => undefined,
  );
}
