import { fromPromise } from 'xstate';
import type { LoadStatementInput, StatementData } from '../../../machines/statement.machine';
import type { ApiClient } from '../../api/client';
import { unwrap } from '../../api/unwrap';

/**
 * The statement machine's call in the browser: the month's statement with its first movements (getStatement). The
 * CSV (getStatementCsv) is the "Download CSV" link's, with every movement. The call counts toward the statements'
 * hourly limit (60).
 */
export function statementCalls(client: ApiClient) {
  return {
    loadStatement: fromPromise<StatementData, LoadStatementInput>(async ({ input, signal }) =>
      unwrap(client.GET('/app/user/{userId}/statements/{month}', { params: { path: { userId: input.userId, month: input.month }, query: { tz: input.timeZone } }, signal })),
    ),
  };
}
