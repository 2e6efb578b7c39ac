import type { Locale } from '../../domain/product';
import { i18n } from './i18n';
import { storeLanguage } from './language-storage';

/** The switcher's action: load the language's strings, show them, and remember the choice (spec 4). */
export async function changeLanguage(language: Locale): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}
