import { assign, setup } from 'xstate';
import type { components } from '../openapi/schema';
import { errorOf, failureStatus } from './forms/api-failure';
import { hostActor } from './forms/host-actor';

export type PaymentAudit = components['schemas']['PaymentAudit'];
export type LedgerCheck = components['schemas']['LedgerCheck'];

/** Why the last search shows no trail: the id is malformed, there is no such payment, or the call failed. */
export type AuditMessage = 'invalidId' | 'notFound' | 'failed' | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuditContext {
  ledger: LedgerCheck | null;
  audit: PaymentAudit | null;
  /** The id as typed in the search field (issue 24 item 6: the form's value lives here, not in the view). */
  paymentId: string;
  /** The id of the last search, trimmed when it was well formed. */
  query: string;
  message: AuditMessage;
}

/**
 * The auditor's page (/audit, issue 9): it runs the ledger check on arrival — whose answer also tells whether
 * the caller is an auditor (anyone else gets 404, and the page is then "not found") — and finds payments by id,
 * showing one trail at a time. Calls are injected actors (checkLedger, auditPayment).
 */
export const auditMachine = setup({
  types: {
    context: {} as AuditContext,
    events: {} as { type: 'CHANGE'; value: string } | { type: 'FIND' } | { type: 'RECHECK' } | { type: 'RETRY' },
  },
  actors: {
    checkLedger: hostActor<LedgerCheck>('checkLedger'),
    auditPayment: hostActor<PaymentAudit, { paymentId: string }>('auditPayment'),
  },
  guards: {
    notAnAuditor: ({ event }) => failureStatus(errorOf(event)) === 404,
    paymentMissing: ({ event }) => failureStatus(errorOf(event)) === 404,
    wellFormedId: ({ context }) => UUID.test(context.paymentId.trim()),
  },
  actions: {
    typeId: assign((_, value: string) => ({ paymentId: value })),
  },
}).createMachine({
  id: 'audit',
  context: { ledger: null, audit: null, paymentId: '', query: '', message: null },
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
        CHANGE: { actions: { type: 'typeId', params: ({ event }) => event.value } },
        FIND: [
          { guard: 'wellFormedId', target: 'finding', actions: assign({ query: ({ context }) => context.paymentId.trim(), message: null }) },
          { actions: assign({ query: ({ context }) => context.paymentId, message: 'invalidId' }) },
        ],
        RECHECK: 'checking',
      },
    },
    finding: {
      // The field stays editable while a search runs; the next one waits for Find.
      on: { CHANGE: { actions: { type: 'typeId', params: ({ event }) => event.value } } },
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
