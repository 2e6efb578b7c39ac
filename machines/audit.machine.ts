import { assign, setup } from 'xstate';
import type { components } from '../openapi/schema';
import { errorOf, failureStatus } from './forms/api-failure';
import { hostActor } from './forms/host-actor';

export type PaymentAudit = components['schemas']['PaymentAudit'];
export type LedgerCheck = components['schemas']['LedgerCheck'];

/** Why the last search shows no trail: the id is malformed, there is no such payment, or the call failed. */
export type AuditMessage = 'invalidId' | 'notFound' | 'failed' | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The auditor's page (/audit, issue 9): it runs the ledger check on arrival — whose answer also tells whether
 * the caller is an auditor (anyone else gets 404, and the page is then "not found") — and finds payments by id,
 * showing one trail at a time. Calls are injected actors (checkLedger, auditPayment).
 */
export const auditMachine = setup({
  types: {
    context: {} as { ledger: LedgerCheck | null; audit: PaymentAudit | null; query: string; message: AuditMessage },
    events: {} as { type: 'FIND'; paymentId: string } | { type: 'RECHECK' } | { type: 'RETRY' },
  },
  actors: {
    checkLedger: hostActor<LedgerCheck>('checkLedger'),
    auditPayment: hostActor<PaymentAudit, { paymentId: string }>('auditPayment'),
  },
  guards: {
    notAnAuditor: ({ event }) => failureStatus(errorOf(event)) === 404,
    paymentMissing: ({ event }) => failureStatus(errorOf(event)) === 404,
    wellFormedId: ({ event }) => event.type === 'FIND' && UUID.test(event.paymentId.trim()),
  },
}).createMachine({
  id: 'audit',
  context: { ledger: null, audit: null, query: '', message: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'checkLedger',
        onDone: { target: 'ready', actions: assign({ ledger: ({ event }) => event.output }) },
        onError: [{ guard: 'notAnAuditor', target: 'forbidden' }, { target: 'unavailable' }],
      },
    },
    unavailable: { on: { RETRY: 'checking' } },
    // A plain user, or a role revoked since the page opened: "not found", as the API says, and nothing seen
    // before is kept.
    forbidden: { type: 'final', entry: assign({ ledger: null, audit: null }) },
    ready: {
      on: {
        FIND: [
          { guard: 'wellFormedId', target: 'finding', actions: assign({ query: ({ event }) => event.paymentId.trim(), message: null }) },
          { actions: assign({ query: ({ event }) => event.paymentId, message: 'invalidId' }) },
        ],
        RECHECK: 'checking',
      },
    },
    finding: {
      invoke: {
        src: 'auditPayment',
        input: ({ context }) => ({ paymentId: context.query }),
        onDone: { target: 'ready', actions: assign({ audit: ({ event }) => event.output }) },
        onError: [
          { guard: 'paymentMissing', target: 'ready', actions: assign({ audit: null, message: 'notFound' }) },
          { target: 'ready', actions: assign({ message: 'failed' }) },
        ],
      },
    },
  },
});
