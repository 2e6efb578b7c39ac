import { useEffect } from 'react';

/** Localises <meta name="description"> (spec 2: the landing page has a title and description per language). */
export function useMetaDescription(description: string): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (meta) meta.content = description;
  }, [description]);
}
