/**
 * The server's renders of the app's pages, built by `vite build --ssr` into dist/ssr/render-page.js and imported by
 * server/web/prerendered-pages.ts at start (the server's own bundle never includes the web app's code).
 */
export { isPublicPagePath, renderPublicPage } from './render-public-page';
export { isSignedInPagePath, renderSignedInPage } from './render-signed-in-page';
export { renderProfilePage } from './render-profile-page';
export type { RenderedPage } from './render-app';
