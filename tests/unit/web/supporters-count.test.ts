import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { I18N_OPTIONS } from '../../../src/i18n/i18n';

/**
 * The supporters wall's heading (issue 23 item 2) with the app's i18next options and the real locale files: the
 * plural each language's rules pick (es and pt have a `many` form for a million, which falls back to `other`), and
 * the count written as numbers are there.
 */
const ROOT = join(import.meta.dirname, '../../../locales');
const creators = (language: string) => JSON.parse(readFileSync(join(ROOT, language, 'creators.json'), 'utf8')) as object;

async function translator() {
  const i18n = i18next.createInstance();
  await i18n.init({
    ...I18N_OPTIONS,
    lng: 'en',
    ns: ['creators'],
    resources: Object.fromEntries(['en', 'es', 'pt'].map((l) => [l, { creators: creators(l) }])),
  });
  return (language: string, count: number) => i18n.getFixedT(language, 'creators')('supporters.count', { count });
}

describe('"N supporters" in each language', () => {
  it('says one and many in en, es and pt, the number as the language writes it', async () => {
    const count = await translator();
    expect([0, 1, 2, 1234].map((n) => count('en', n))).toEqual(['No supporters yet', '1 supporter', '2 supporters', '1,234 supporters']);
    expect([0, 1, 2, 1234].map((n) => count('es', n))).toEqual(['Aún no hay seguidores', '1 seguidor', '2 seguidores', '1234 seguidores']);
    expect([0, 1, 2, 1234].map((n) => count('pt', n))).toEqual(['Ainda não há apoiadores', '1 apoiador', '2 apoiadores', '1.234 apoiadores']);
    expect(count('es', 1_000_000)).toBe('1.000.000 seguidores');
    expect(count('pt', 1_000_000)).toBe('1.000.000 apoiadores');
  });
});
