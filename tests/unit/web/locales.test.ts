import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../domain/product';

/** Every string the web app shows exists in every language, with the same placeholders. */
const ROOT = join(import.meta.dirname, '../../../locales');
// errors.json is shared with the server, which keeps its own parity check.
const WEB_NAMESPACES = ['common', 'marketing', 'legal', 'support', 'accounts', 'payments', 'activity', 'atlas'];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function load(language: string, namespace: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(ROOT, language, `${namespace}.json`), 'utf8')) as Tree);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

describe('locale files', () => {
  it('exist for every language', () => {
    for (const language of LOCALES) {
      const files = readdirSync(join(ROOT, language));
      for (const namespace of [...WEB_NAMESPACES, 'errors']) expect(files).toContain(`${namespace}.json`);
    }
  });

  for (const namespace of WEB_NAMESPACES) {
    for (const language of LOCALES.filter((l) => l !== 'en')) {
      it(`${language}/${namespace} has exactly the English keys, placeholders and no empty text`, () => {
        const english = load('en', namespace);
        const other = load(language, namespace);
        expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [key, text] of english) {
          expect(placeholders(other.get(key) ?? ''), `${language}/${namespace}:${key}`).toEqual(placeholders(text));
          expect(other.get(key)?.trim(), `${language}/${namespace}:${key}`).not.toBe('');
        }
      });
    }
  }

  // Legal sections and FAQ answers are shown in file order: every language must tell them in the same order.
  for (const namespace of ['legal', 'support']) {
    it(`${namespace}: every language lists sections and answers in the English order`, () => {
      const order = (language: string) => [...load(language, namespace).keys()];
      for (const language of LOCALES) expect(order(language)).toEqual(order('en'));
    });
  }

  it('every language has the generic error message the client falls back to', () => {
    for (const language of LOCALES) {
      const errors = JSON.parse(readFileSync(join(ROOT, language, 'errors.json'), 'utf8')) as Tree;
      expect(typeof errors.generic).toBe('string');
    }
  });
});
