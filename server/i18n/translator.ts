import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../../domain/product';
import { localesDir } from '../paths';

/**
 * The server localises problem `detail`s from the same locale files the web app uses (namespace per file).
 */
export interface Translator {
  t(locale: Locale, key: string, values?: Record<string, unknown>): string;
}

export async function createTranslator(): Promise<Translator> {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const locale of LOCALES) {
    resources[locale] = {};
    for (const file of readdirSync(join(localesDir, locale)).filter((f) => f.endsWith('.json'))) {
      resources[locale][file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(localesDir, locale, file), 'utf8'));
    }
  }
  const instance = i18next.createInstance();
  await instance.init({
    resources: resources as never,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
    defaultNS: 'errors',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // Keys are checked by the locale tests, not by i18next's typed-key overloads.
  const translate = instance.t.bind(instance) as unknown as (key: string, options: Record<string, unknown>) => string;
  return {
    // What getFixedT(locale)(key, values) does, without its copy of i18next's whole options object on every call:
    // that copy was the largest single cost of the job runner's mail batches (three strings per mail; 11 % of the
    // runner's CPU and much of its garbage, docs/performance.md session 6).
    t: (locale, key, values) => {
      const options: Record<string, unknown> = { ...values };
      options.lng = options.lng || locale;
      return translate(key, options);
    },
  };
}

/** The caller's locale: the `lang` query parameter, else Accept-Language, else English. */
export function pickLocale(query: unknown, acceptLanguage: string | undefined): Locale {
  const lang = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).lang : undefined;
  if (isLocale(lang)) return lang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}
