import type { Locale } from '../../domain/product';

/**
 * The BCP 47 tag handed to Intl for each app language. Portuguese is Brazilian and English is US, the
 * audiences the product serves; Spanish stays generic so no single country's conventions are imposed.
 */
export const INTL_LOCALES: Record<Locale, string> = {
  en: 'en-US',
  es: 'es',
  pt: 'pt-BR',
};
