import type { BackendModule, ReadCallback } from 'i18next';

// The locale files as plain JSON assets with hashed names (vite.config.ts keeps them out of the inline limit):
// a visitor downloads only the strings of the language they use, and a map of URLs costs the entry chunk less
// than one lazy JS module (loader and preload list) per language and namespace did.
const urls = import.meta.glob<string>('../../locales/*/*.json', { query: '?url', import: 'default', eager: true });

function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const url = urls[`../../locales/${language}/${namespace}.json`];
  if (!url) return Promise.reject(new Error(`No translations for ${language}/${namespace}`));
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json() as Promise<Record<string, unknown>>;
  });
}

/** An i18next backend that fetches the locale JSON files. */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadNamespace(language, namespace).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
