/**
 * The tab title and description a page sets (useDocumentTitle, useMetaDescription), noted while the server renders it
 * (render-public-page.tsx), where effects never run: the HTML then carries them, for the tab, a crawler, a link preview.
 * Written only in the server's build (`import.meta.env.SSR`); the browser's sets `document` in its effects.
 */
export const renderedHead: { title: string | null; description: string | null } = { title: null, description: null };
