/**
 * Adds `<script async src>` and settles when it has run or failed. Async so it never blocks parsing or
 * rendering; the page's CSP decides whether the browser may fetch it at all (the server allows only the
 * configured origins).
 */
export function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)));
    document.head.append(script);
  });
}
