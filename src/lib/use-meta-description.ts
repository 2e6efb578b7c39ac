import { useEffect } from 'react';
import { renderedHead } from '../prerender/rendered-head';

/** Localises <meta name="description"> (spec 2: the landing page has a title and description per language). */
export function useMetaDescription(description: string): void {
  if (import.meta.env.SSR) renderedHead.description = description;
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (meta) meta.content = description;
  }, [description]);
}
