/**
 * Builds one of each Intl formatter the signed-in pages use, for the locale it is sent, and says so. Run in a worker
 * (warm-intl.ts): loading a language's ICU data is the expensive part of a first formatter, and that data is the
 * process's, so the page's own first formatter then finds it ready.
 */
self.onmessage = (event: MessageEvent<{ locale: string; currency: string }>) => {
  const { locale, currency } = event.data;
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(0);
  new Intl.NumberFormat(locale, { style: 'currency', currency, signDisplay: 'exceptZero' }).format(0);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
  new Intl.PluralRules(locale).select(1);
  self.postMessage('warm');
};
