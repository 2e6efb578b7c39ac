import type { Locale } from './product';

/**
 * The BCP 47 tag handed to Intl for each app language. Portuguese is Brazilian and English is US, the
 * audiences the product serves; Spanish stays generic so no single country's conventions are imposed.
 * Shared by the web app and the server's emails, so an amount reads the same in both.
 */
export const INTL_LOCALES: Record<Locale, string> = {
  en: 'en-US',
  es: 'es',
  pt: 'pt-BR',
};
