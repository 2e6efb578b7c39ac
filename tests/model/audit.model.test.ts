import { expect } from 'vitest';
import { auditMachine } from '../../machines/audit.machine';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

type Ctx = StepContext<typeof auditMachine, null>;
const entry = catalogue.audit;
const requestId = (entry.invokeResults!.auditPayment!.done![0] as { payment: { payment_id: string } }).payment.payment_id;

function ready({ snapshot, step, running }: Ctx) {
  const { ledger, audit, message, query, paymentId } = snapshot.context;
  expect(running).toEqual([]);
  // The ledger result is on the page whenever the page is usable.
  expect(ledger?.breaches).toEqual([]);
  if (step.startsWith('checkLedger:done')) {
    // A fresh result; a recheck leaves the search as it was.
    expect(ledger).toEqual(entry.invokeResults!.checkLedger!.done![0]);
  } else if (step === 'CHANGE[0]') {
    // Typing only keeps the value: no call, no verdict yet.
    expect(paymentId).toBe(` ${requestId} `);
  } else if (step === 'CHANGE[1]') {
    expect(paymentId).toBe('not-a-payment-id');
  } else if (step === 'FIND') {
    // Find with something that is not an id (or nothing): refused on the page, without a call; the last trail stays.
    expect(message).toBe('invalidId');
    expect(query).toBe(paymentId);
    expect(['', 'not-a-payment-id']).toContain(paymentId);
  } else if (step === 'auditPayment:done') {
    expect(message).toBeNull();
    expect(audit?.payment.payment_id).toBe(requestId);
    expect(audit?.trail.map((s) => s.to_status)).toEqual(['created', 'requested', 'cancelled']);
  } else if (step === 'auditPayment:error[0]') {
    expect([message, audit]).toEqual(['notFound', null]);
  } else if (step === 'auditPayment:error[1]') {
    expect(message).toBe('failed');
  } else {
    throw new Error(`unexpected way into ready: ${step}`);
  }
}

describeModel('audit machine (model-based)', {
  ...fromCatalogue(entry),
  setup: () => ({ machine: entry.fake(), fakes: null }),
  states: {
    checking: ({ running, snapshot, step }) => {
      // One ledger check at a time; a recheck keeps the last result on screen meanwhile.
      expect(running.map((r) => r.src)).toEqual(['checkLedger']);
      if (step === 'init') expect(snapshot.context.ledger).toBeNull();
    },
    unavailable: ({ running, snapshot }) => {
      // Not a 404: something failed, and the page offers to try again.
      expect(running).toEqual([]);
      expect(snapshot.can({ type: 'RETRY' })).toBe(true);
    },
    forbidden: ({ snapshot }) => {
      // No auditor role: the page is "not found", and nothing more can happen.
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.ledger).toBeNull();
    },
    ready,
    finding: ({ running, snapshot, step }) => {
      // The trimmed id goes to the server; typing meanwhile changes the field, not the search under way.
      expect(running).toEqual([expect.objectContaining({ src: 'auditPayment', input: { paymentId: requestId } })]);
      expect(snapshot.context.message).toBeNull();
      expect(snapshot.context.query).toBe(requestId);
      if (step === 'FIND') expect(snapshot.context.paymentId).toBe(` ${requestId} `);
      if (step === 'CHANGE[1]') expect(snapshot.context.paymentId).toBe('not-a-payment-id');
      // One search at a time: Find waits for this one.
      expect(snapshot.can({ type: 'FIND' })).toBe(false);
    },
  },
});
