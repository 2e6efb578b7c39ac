import type { BackendModule, ReadCallback } from 'i18next';

type LocaleModule = { default: Record<string, unknown> };

// One lazy chunk per language and namespace: a visitor downloads only the strings of the language they use.
const loaders = import.meta.glob<LocaleModule>('../../locales/*/*.json');

export function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = loaders[`../../locales/${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`No translations for ${language}/${namespace}`));
  return load().then((module) => module.default);
}

/** An i18next backend that reads the locale JSON files through vite's code splitting. */
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
