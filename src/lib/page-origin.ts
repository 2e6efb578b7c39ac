/**
 * The page's origin (`https://tipjar.example`) for links the page shows or shares, e.g. a creator's public link. The
 * browser's own; on the server, the one the request came to (src/prerender sets it for the render), so the
 * server's HTML and the browser's hydration render agree.
 */
let rendering = '';

export function renderWithOrigin(origin: string): void {
  rendering = origin;
}

export const pageOrigin = (): string => (import.meta.env.SSR ? rendering : window.location.origin);
