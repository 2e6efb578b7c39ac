import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { auditMachine, type LedgerCheck, type PaymentAudit } from '../../../machines/audit.machine';
import { auditView } from '../../../machines/audit.view';
import { apiFailure } from '../../../machines/forms/api-failure';
import { gate, settle } from '../../support/gate';

const ledger: LedgerCheck = { checked_at: '2025-01-02T12:00:00.000Z', entries: 3, accounts: 7, payments: 2, breaches: [] };
const trail: PaymentAudit = {
  payment: {
    payment_id: '6f1c1d4e-3b7a-4c2e-9a51-0d2b8e7f4a10',
    type: 'request',
    status: 'cancelled',
    amount: '7.00',
    fee: '0.00',
    sender_user_id: 'u-1',
    receiver_user_id: 'u-2',
  },
  trail: [],
  entries: [],
  problems: [],
};

function start(check: () => Promise<LedgerCheck>, find: () => Promise<PaymentAudit>) {
  return createActor(
    auditMachine.provide({ actors: { checkLedger: fromPromise(check), auditPayment: fromPromise(find) } }),
  ).start();
}

describe('the auditor page as its machine shows it (issue 24 item 6)', () => {
  it('checking: busy, no ledger, no search yet', () => {
    const actor = start(() => new Promise(() => {}), () => new Promise(() => {}));
    expect(auditView(actor.getSnapshot())).toEqual({ forbidden: false, checking: true, retry: false, ledger: null, search: null, trail: null });
  });

  it('a 404 on the check is "not found"; another failure offers a retry', async () => {
    const plainUser = start(() => Promise.reject(apiFailure(404, { code: 'not_found', detail: 'Not found' })), () => new Promise(() => {}));
    await settle();
    expect(auditView(plainUser.getSnapshot()).forbidden).toBe(true);
    const offline = start(() => Promise.reject(new Error('Failed to fetch')), () => new Promise(() => {}));
    await settle();
    expect(auditView(offline.getSnapshot())).toEqual({ forbidden: false, checking: false, retry: true, ledger: null, search: null, trail: null });
  });

  it('the typed id is the machine\'s; Find and Recheck wait while a search runs; the trail shows once found', async () => {
    const found = gate<PaymentAudit>();
    const actor = start(async () => ledger, () => found.promise);
    await settle();
    const view = () => auditView(actor.getSnapshot());
    expect(view()).toEqual({
      forbidden: false,
      checking: false,
      retry: false,
      ledger: { result: ledger, recheck: true },
      search: { value: '', find: true, invalid: false, message: null },
      trail: null,
    });

    actor.send({ type: 'CHANGE', value: 'nope' });
    expect(view().search).toEqual({ value: 'nope', find: true, invalid: false, message: null });
    actor.send({ type: 'FIND' });
    expect(view().search).toEqual({ value: 'nope', find: true, invalid: true, message: { key: 'audit.message.invalidId', id: 'nope' } });

    actor.send({ type: 'CHANGE', value: ' 6f1c1d4e-3b7a-4c2e-9a51-0d2b8e7f4a10 ' });
    actor.send({ type: 'FIND' });
    expect(view().search).toEqual({ value: ' 6f1c1d4e-3b7a-4c2e-9a51-0d2b8e7f4a10 ', find: false, invalid: false, message: null });
    expect(view().ledger).toEqual({ result: ledger, recheck: false });

    found.open(trail);
    await settle();
    expect(view().search).toEqual({ value: ' 6f1c1d4e-3b7a-4c2e-9a51-0d2b8e7f4a10 ', find: true, invalid: false, message: null });
    expect(view().trail).toBe(trail);
  });

  it('a payment that is not there: the message with the id searched, and no trail', async () => {
    const actor = start(async () => ledger, () => Promise.reject(apiFailure(404, { code: 'payment_not_found', detail: 'No such payment' })));
    await settle();
    actor.send({ type: 'CHANGE', value: '6f1c1d4e-3b7a-4c2e-9a51-0d2b8e7f4a10' });
    actor.send({ type: 'FIND' });
    await settle();
    expect(auditView(actor.getSnapshot()).search?.message).toEqual({ key: 'audit.message.notFound', id: '6f1c1d4e-3b7a-4c2e-9a51-0d2b8e7f4a10' });
    expect(auditView(actor.getSnapshot()).trail).toBeNull();
  });
});
