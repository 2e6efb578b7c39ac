import { fromPromise } from 'xstate';
import type { LedgerCheck, PaymentAudit } from '../../../machines/audit.machine';
import type { ApiClient } from '../../api/client';
import { quiet } from '../../api/quiet';
import { unwrap } from '../../api/unwrap';

/** The audit machine's calls; quiet because the page says what went wrong (or is "not found" to a plain user). */
export function auditCalls(client: ApiClient) {
  return {
    checkLedger: fromPromise<LedgerCheck>(({ signal }) => unwrap(client.GET('/app/audit/ledger', { middleware: [quiet], signal }))),
    auditPayment: fromPromise<PaymentAudit, { paymentId: string }>(({ input, signal }) =>
      unwrap(client.GET('/app/audit/payment/{paymentId}', { params: { path: { paymentId: input.paymentId } }, middleware: [quiet], signal })),
    ),
  };
}
