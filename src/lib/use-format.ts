import { useMemo } from 'react';
import { useLocale } from '../i18n/use-locale';
import { formatDate, formatMoney, formatSignedMoney, type DateStyle } from './format';

/** formatMoney / formatDate bound to the active language, re-rendering when the language changes. */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      money: (cents: number) => formatMoney(cents, locale),
      signedMoney: (cents: number) => formatSignedMoney(cents, locale),
      date: (value: Date | string | number, style?: DateStyle) => formatDate(value, locale, style),
    }),
    [locale],
  );
}
