import type { SnapshotFrom } from 'xstate';
import type { auditMachine, AuditMessage, LedgerCheck, PaymentAudit } from './audit.machine';

type AuditSnapshot = Pick<SnapshotFrom<typeof auditMachine>, 'context' | 'matches' | 'can'>;

/**
 * What the auditor's page (/audit) shows, read from its machine (issue 24 item 6): which parts are there and what each
 * button may do come from the machine's states and `can`, so the page only renders this.
 */
export interface AuditView {
  /** No auditor role: the page is "not found". */
  forbidden: boolean;
  /** The ledger check is running (the section is busy). */
  checking: boolean;
  /** The check failed (not a 404): "try again" is offered. */
  retry: boolean;
  /** The last ledger result, while no check runs; with whether Recheck can be pressed now. */
  ledger: { result: LedgerCheck; recheck: boolean } | null;
  /** The search by payment id: the typed value, whether Find can be pressed now, the refusal to show under it. */
  search: {
    value: string;
    find: boolean;
    invalid: boolean;
    message: { key: `audit.message.${NonNullable<AuditMessage>}`; id: string } | null;
  } | null;
  /** The trail of the last payment found, unless the last search failed. */
  trail: PaymentAudit | null;
}

export function auditView(snapshot: AuditSnapshot): AuditView {
  const { ledger, audit, paymentId, query, message } = snapshot.context;
  const checking = snapshot.matches('checking');
  return {
    forbidden: snapshot.matches('forbidden'),
    checking,
    retry: snapshot.can({ type: 'RETRY' }),
    ledger: ledger && !checking ? { result: ledger, recheck: snapshot.can({ type: 'RECHECK' }) } : null,
    // The field is there whenever the machine takes what is typed in it.
    search: snapshot.can({ type: 'CHANGE', value: '' })
      ? {
          value: paymentId,
          find: snapshot.can({ type: 'FIND' }),
          invalid: message === 'invalidId',
          message: message ? { key: `audit.message.${message}`, id: query } : null,
        }
      : null,
    trail: audit && !message ? audit : null,
  };
}
