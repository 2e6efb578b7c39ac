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
  // What getFixedT(locale)(key, values) does, without its copy of i18next's whole options object on every call
  // (that copy was the largest single cost of the job runner's mail batches, docs/performance.md session 6).
  const byI18next = (locale: Locale, key: string, values?: Record<string, unknown>) => {
    const options: Record<string, unknown> = { ...values };
    options.lng = options.lng || locale;
    return translate(key, options);
  };
  const templates = new Map<string, Template | null>();
  return {
    t: (locale, key, values) => {
      const id = `${locale}\u0000${key}`;
      let template = templates.get(id);
      if (template === undefined) {
        const raw = instance.getResource(locale, key.includes(':') ? key.slice(0, key.indexOf(':')) : 'errors', key.slice(key.indexOf(':') + 1));
        template = typeof raw === 'string' ? plainTemplate(raw) : null;
        templates.set(id, template);
      }
      return (template && template(values ?? {})) ?? byI18next(locale, key, values);
    },
  };
}

/** A compiled text: the translation, or undefined when a value is not plain (i18next then decides, as always). */
type Template = (values: Record<string, unknown>) => string | undefined;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
// Names i18next reads as options of the call, not as values: with any of them, i18next decides.
const I18NEXT_OPTIONS = ['count', 'context', 'ordinal', 'lng', 'lngs', 'ns', 'defaultValue', 'replace', 'returnObjects', 'returnDetails', 'joinArrays', 'postProcess', 'interpolation', 'keyPrefix', 'fallbackLng'];

/**
 * A text whose only markup is `{{name}}`, compiled once: i18next re-reads the text on every call (~35–85 µs each on
 * this machine; four per notification mail, docs/performance.md). With escapeValue off, i18next puts a string or a
 * number in place as it is, once (a value's own braces are not read again) — which is what this does. Anything else
 * stays i18next's: nesting (`$t(`), formats (`{{x, number}}`), unescaped (`{{- x}}`), plurals and contexts (`count`,
 * `context`, which pick another key), a value that is missing or not a string or number. tests/unit/server/
 * translator.test.ts holds every text of every locale file to i18next's own answer.
 */
export function plainTemplate(text: string): Template | null {
  if (text.includes('$t(')) return null;
  const pieces: string[] = [];
  const names: string[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    pieces.push(text.slice(at, match.index));
    names.push(match[1]!);
    at = match.index! + match[0].length;
  }
  const tail = text.slice(at);
  // A brace pair left over is markup this does not read.
  if ([...pieces, tail].some((piece) => piece.includes('{{') || piece.includes('}}'))) return null;
  return (values) => {
    for (const option of I18NEXT_OPTIONS) if (option in values) return undefined;
    let out = '';
    for (let i = 0; i < names.length; i++) {
      const value = values[names[i]!];
      if (typeof value !== 'string' && typeof value !== 'number') return undefined;
      out += pieces[i]! + value;
    }
    return out + tail;
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
