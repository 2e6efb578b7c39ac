/**
 * Features the server switches on per deployment, read from the <meta> tags it puts in index.html
 * (server/web/spa.ts). The flow explorer is always on under `npm run dev` (vite serves index.html untouched).
 */
const FLOW_EXPLORER_META = 'tipjar-flow-explorer';

export function flowExplorerEnabled(): boolean {
  if (import.meta.env.DEV) return true;
  if (typeof document === 'undefined') return false;
  return document.querySelector(`meta[name="${FLOW_EXPLORER_META}"]`)?.getAttribute('content') === 'on';
}
