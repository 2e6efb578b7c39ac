import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDING } from '../../../machines/payment-actions.view';

const activity = (lang: string) => JSON.parse(readFileSync(new URL(`../../../locales/${lang}/activity.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const at = (tree: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;

/** The verb each action must use in each language, as a stem every text of it contains. */
const VERBS: Record<string, Record<keyof typeof ACTION_WORDING, RegExp>> = {
  en: { cancel: /cancel/i, reject: /reject/i, remind: /remind/i },
  es: { cancel: /cancel/i, reject: /rechaz/i, remind: /recordatorio/i },
  pt: { cancel: /cancel/i, reject: /recus/i, remind: /lembrete/i },
};

describe('one verb per payment action (issue 22 item 4)', () => {
  for (const [lang, verbs] of Object.entries(VERBS)) {
    it(`${lang}: button, dialog title, toast and status share the verb`, () => {
      const texts = activity(lang);
      for (const [action, wording] of Object.entries(ACTION_WORDING)) {
        const verb = verbs[action as keyof typeof ACTION_WORDING];
        for (const key of [wording.button, wording.dialogTitle, wording.toast, wording.status]) {
          if (key === null) continue;
          expect(at(texts, key), `${lang} ${action} ${key}`).toMatch(verb);
        }
      }
    });
  }

  it('no action borrows another one’s verb (the payer’s action never says cancel or decline)', () => {
    for (const lang of Object.keys(VERBS)) {
      const texts = activity(lang);
      const reject = ACTION_WORDING.reject;
      for (const key of [reject.button, reject.dialogTitle, reject.toast, reject.status]) expect(at(texts, key)).not.toMatch(/cancel|declin/i);
    }
  });
});
