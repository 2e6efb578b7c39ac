import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'wouter';

/**
 * After a client-side navigation, start the user at the top of the new page with focus on <main>, as a
 * full page load would: otherwise keyboard and screen-reader users stay on the link they just pressed.
 * The first render is left alone so a fresh load keeps the browser's own behaviour.
 */
export function useFocusOnNavigate(target: RefObject<HTMLElement | null>): void {
  const [location] = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    window.scrollTo(0, 0);
    target.current?.focus({ preventScroll: true });
  }, [location, target]);
}
