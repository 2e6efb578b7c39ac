import { fromPromise } from 'xstate';
import type { LoadSummaryInput, MoneySummaryData } from '../../machines/money-summary.machine';
import type { ApiClient } from './client';
import { quiet } from './quiet';
import { unwrap } from './unwrap';

/**
 * The money chart machine's call in the browser (getMoneySummary), made by the page that shows the chart: one call per period, summed by the server. Quiet:
 * the chart shows its own "didn't load" with a retry, the rest of the page stays as it is.
 */
export function moneySummaryCalls(client: ApiClient) {
  return {
    loadSummary: fromPromise<MoneySummaryData, LoadSummaryInput>(async ({ input, signal }) =>
      unwrap(
        client.GET('/app/user/{userId}/summary', {
          params: { path: { userId: input.userId }, query: { period: input.period, tz: input.timeZone } },
          middleware: [quiet],
          signal,
        }),
      ),
    ),
  };
}
