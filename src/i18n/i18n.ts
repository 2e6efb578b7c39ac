import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/product';
import { localeBackend } from './locale-backend';

/** The app's one i18next instance; views reach it through react-i18next, non-React code imports it. */
export const i18n = i18next.createInstance();

/** Namespaces every page needs; others (marketing, legal) load with the page that uses them. */
export const PRELOADED_NAMESPACES = ['common', 'errors'] as const;

/** The options the browser (below) and the server's render of the public pages (src/prerender) share: the same
 * strings must come out of both, or hydration finds a difference. */
export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  // Our files are per language (en, es, pt); never ask the backend for `en-US`.
  load: 'languageOnly',
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes already.
  returnNull: false,
  react: { useSuspense: true },
} as const satisfies InitOptions;

/**
 * `namespaces`: the first page's own (main.tsx), fetched in parallel with the preloaded ones. The promise waits for
 * `common` and those only: `errors` is read only when something failed (`i18n.t('errors:generic')`), so the first
 * render need not wait for it; it is fetched at the same time and is there long before anyone needs it.
 */
export async function initI18n(language: Locale, namespaces: readonly string[] = []): Promise<void> {
  i18n.on('languageChanged', (lng) => {
    // Screen readers pick their voice from <html lang>; keep it in step with every change.
    document.documentElement.lang = lng;
  });
  const ready = i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      ns: [...new Set(['common', ...namespaces])],
      // The language is set (and its files asked for) within init(), not a task later: `errors` below then loads
      // in that language, and the downloads start sooner.
      initAsync: false,
    });
  void i18n.loadNamespaces([...PRELOADED_NAMESPACES]);
  await ready;
}
