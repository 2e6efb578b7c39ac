import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/product';

/** The active app language, narrowed to the ones we ship. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
