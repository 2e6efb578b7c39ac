import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../domain/product';
import { I18N_OPTIONS, i18n } from '../i18n/i18n';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default', eager: true });

/** { en: { common: {...}, marketing: {...} }, es: ... } from ../../locales/{language}/{namespace}.json. */
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, strings] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (!language || !namespace) continue;
  (resources[language] ??= {})[namespace] = strings;
}

let ready: Promise<unknown> | null = null;

/** The app's own i18next instance, with every string in memory: nothing to fetch, nothing suspends. */
export function initStrings(): Promise<unknown> {
  ready ??= i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: DEFAULT_LOCALE,
    resources,
    ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
  });
  return ready;
}
