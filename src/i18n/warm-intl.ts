import { INTL_LOCALES } from '../../domain/intl-locales';
import { CURRENCY } from '../../domain/limits';
import type { Locale } from '../../domain/product';
import { whenIdle } from '../lib/when-idle';

/**
 * The first Intl formatter of a language is the expensive one: building it loads the language's ICU data (30-120 ms
 * for `new Intl.NumberFormat` on this machine's Node, ~4× that on a slow phone); every later one, whatever its
 * options, takes a tenth of a millisecond. A signed-in page formats money and dates only once its data has
 * arrived, right before its largest paint. Building throwaway formatters while the page still waits for its files
 * and calls moves that cost into time the thread would spend idle. (Plural rules: i18next's `count` strings.)
 */
export function warmIntl(language: Locale): void {
  void whenIdle().then(() => {
    const locale = INTL_LOCALES[language];
    new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY }).format(0);
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
    new Intl.PluralRules(locale).select(1);
  });
}
