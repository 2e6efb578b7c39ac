import { auditMachine, type LedgerCheck, type PaymentAudit } from './audit.machine';
import { apiFailure } from './forms/api-failure';
import { entry } from './catalogue-entry';
import { activeUser, newUser, offline, resolves } from './catalogue-samples';

/** The auditor's page (issue 9): a sound ledger, and a request its requester cancelled. */
const soundLedger: LedgerCheck = { checked_at: '2025-01-02T12:00:00.000Z', entries: 3, accounts: 7, payments: 2, breaches: [] };
const requestId = '6f1c1d4e-3b7a-4c2e-9a51-0d2b8e7f4a10';
const cancelledRequest: PaymentAudit = {
  payment: { payment_id: requestId, type: 'request', status: 'cancelled', amount: '7.00', fee: '0.00', sender_user_id: activeUser.userId, receiver_user_id: newUser.userId },
  trail: [
    { occurred_at: '2025-01-02T12:00:00.000Z', actor: newUser.userId, role: 'receiver', from_status: null, to_status: 'created', event: 'CREATE', reason: 'request created', allowed: true },
    { occurred_at: '2025-01-02T12:00:00.000Z', actor: newUser.userId, role: 'receiver', from_status: 'created', to_status: 'requested', event: 'REQUEST', reason: 'requested', allowed: true },
    { occurred_at: '2025-01-02T13:00:00.000Z', actor: newUser.userId, role: 'receiver', from_status: 'requested', to_status: 'cancelled', event: 'CANCEL', reason: 'cancelled by the requester', allowed: true },
  ],
  entries: [],
  problems: [],
};
const notFound = apiFailure(404, { code: 'not_found', detail: 'Nothing was found at this address.' });

/** The flow atlas entry of `audit` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: auditMachine,
  purpose: "The auditor's page: the ledger check on arrival (a 404 means no auditor role: the page is not found), then any payment's trail by id.",
  views: ['src/features/audit/audit-page.tsx'],
  operations: { checkLedger: ['checkLedger'], auditPayment: ['auditPayment'] },
  tests: ['tests/e2e/flow-atlas.spec.ts', 'tests/api/audit-api.test.ts'],
  fake: () => auditMachine.provide({ actors: { checkLedger: resolves(soundLedger), auditPayment: resolves(cancelledRequest) } }),
  events: {
    // The id as typed (spaces around it are trimmed), and one that is not an id.
    CHANGE: [
      { type: 'CHANGE', value: ` ${requestId} ` },
      { type: 'CHANGE', value: 'not-a-payment-id' },
    ],
    FIND: { type: 'FIND' },
    RECHECK: { type: 'RECHECK' },
    RETRY: { type: 'RETRY' },
  },
  invokeResults: {
    checkLedger: { done: [soundLedger], error: [notFound, offline] },
    auditPayment: { done: [cancelledRequest], error: [notFound, offline] },
  },
  // What the page shows: the state, the id typed, the message, whether a ledger result and a trail are there.
  serializeState: (s) => JSON.stringify({ value: s.value, typed: s.context.paymentId, message: s.context.message, query: s.context.query, ledger: s.context.ledger !== null, audit: s.context.audit !== null }),
});
