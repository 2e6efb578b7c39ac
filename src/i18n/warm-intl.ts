import { INTL_LOCALES } from '../../domain/intl-locales';
import { CURRENCY } from '../../domain/limits';
import type { Locale } from '../../domain/product';
import WarmIntlWorker from './warm-intl.worker?worker&inline';

/**
 * The first Intl formatter of a language is the expensive one: building it loads the language's ICU data (30-120 ms
 * for `new Intl.NumberFormat` on this machine's Node, more on a slow phone); every later one, whatever its options,
 * takes a fraction of a millisecond. A signed-in page formats money and dates once its data has arrived, right
 * before its largest paint, on a main thread that is busy from the entry's arrival until then. So a worker builds
 * throwaway formatters beside it (the ICU data is the process's, shared by its threads), inlined in the entry so
 * it needs no request of its own on a slow line (CSP: worker-src blob:). Where a worker cannot start, the page
 * formats as before.
 */
export function warmIntl(language: Locale): void {
  try {
    const worker = new WarmIntlWorker();
    worker.onmessage = () => worker.terminate();
    worker.onerror = () => worker.terminate();
    worker.postMessage({ locale: INTL_LOCALES[language], currency: CURRENCY });
  } catch {
    // No worker here: the first formatter pays for the data itself.
  }
}
