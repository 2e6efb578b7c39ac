import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { createTranslator, plainTemplate } from '../../../server/i18n/translator';
import { LOCALES } from '../../../domain/product';
import { localesDir } from '../../../server/paths';

/**
 * The translator compiles plain `{{name}}` texts once (server/i18n/translator.ts): every text of every locale file
 * must come out exactly as i18next itself makes it, with values that could be mistaken for markup.
 */
function leaves(node: unknown, path: string[] = []): [string, string][] {
  if (typeof node === 'string') return [[path.join('.'), node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [];
}

const awkward = ['$$ and $& and $1', '{{other}}', '$t(errors:unknown)', 'a\nb', '<b>&amp;</b>', ''];

describe('the translator’s compiled texts', () => {
  it('say what i18next says, for every text of every locale, with awkward values and numbers', async () => {
    const translator = await createTranslator();
    const reference = i18next.createInstance();
    const resources: Record<string, Record<string, unknown>> = {};
    for (const locale of LOCALES) {
      resources[locale] = {};
      for (const file of readdirSync(join(localesDir, locale)).filter((f) => f.endsWith('.json'))) {
        resources[locale][file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(localesDir, locale, file), 'utf8'));
      }
    }
    await reference.init({ resources: resources as never, fallbackLng: 'en', supportedLngs: [...LOCALES], ns: Object.keys(resources.en!), defaultNS: 'errors', interpolation: { escapeValue: false }, initAsync: false });
    let compared = 0;
    let compiled = 0;
    for (const locale of LOCALES) {
      for (const [ns, tree] of Object.entries(resources[locale]!)) {
        for (const [key, text] of leaves(tree)) {
          if (plainTemplate(text)) compiled++;
          const names = [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1]!);
          for (const [i, sample] of awkward.entries()) {
            const values: Record<string, unknown> = {};
            names.forEach((name, j) => (values[name] = j % 2 === 1 ? 42 + i : sample));
            const t = reference.getFixedT(locale) as unknown as (k: string, v: object) => string;
            expect(translator.t(locale, `${ns}:${key}`, values), `${locale} ${ns}:${key}`).toBe(t(`${ns}:${key}`, values));
            compared++;
          }
        }
      }
    }
    expect(compiled).toBeGreaterThan(100);
    expect(compared).toBeGreaterThan(1000);
  });

  it('leaves to i18next what it does not read: nesting, formats, plurals, missing values', async () => {
    expect(plainTemplate('see $t(errors:x)')).toBeNull();
    expect(plainTemplate('{{n, number}} items')).toBeNull();
    expect(plainTemplate('{{- raw}}')).toBeNull();
    const template = plainTemplate('{{a}} and {{b}}')!;
    expect(template({ a: 'x', b: 2 })).toBe('x and 2');
    expect(template({ a: 'x' })).toBeUndefined();
    expect(template({ a: 'x', b: null })).toBeUndefined();
    expect(template({ a: 'x', b: 'y', count: 2 })).toBeUndefined();
    const translator = await createTranslator();
    // A key missing in a language falls back as i18next does.
    expect(translator.t('es', 'errors:no_such_key_anywhere')).toBe('no_such_key_anywhere');
  });
});
