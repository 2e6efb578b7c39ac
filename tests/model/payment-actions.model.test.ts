import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import type { PaymentView } from '../../machines/activity/payment-types';
import * as sample from '../../machines/activity/samples';
import type { paymentActionsMachine } from '../../machines/payment-actions.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

/** What the host was told: snackbars, changed payments, navigations. */
interface Fakes {
  effects: string[];
}
type Ctx = StepContext<typeof paymentActionsMachine, Fakes>;

/** Each resting state says which payment it is for: the status and role (spec 4), and the server's offer. */
function offering(status: PaymentView['status'], role: PaymentView['transaction_type']) {
  return ({ snapshot }: Ctx) => {
    expect(snapshot.context.payment.status).toBe(status);
    expect(snapshot.context.payment.transaction_type).toBe(role);
  };
}

/** A call that ended (done or refused) took the user back or on; never a call left running. */
function noCallRunning({ running }: Ctx) {
  expect(running).toEqual([]);
}

const calm = (ctx: Ctx) => {
  noCallRunning(ctx);
  // Nothing but a settled call or an update leads here; Pay and Reply leave the page through the host.
  if (ctx.step === 'PAY') expect(ctx.actions).toEqual(['goToPay']);
  else if (ctx.step === 'REPLY') expect(ctx.actions).toEqual(['goToReply']);
  else if (ctx.step.endsWith(':done')) {
    const notify = ctx.step.startsWith('cancelRequest')
      ? 'notifyCancelled'
      : ctx.step.startsWith('rejectRequest')
        ? 'notifyRejected'
        : ctx.step.startsWith('declineOrder')
          ? 'notifyDeclined'
          : 'notifyReminded';
    expect(ctx.actions).toEqual([notify, 'reportChanged']);
    expect(ctx.fakes.effects.at(-1)).toBe(`changed:${ctx.snapshot.context.payment.status}`);
  } else expect(ctx.actions.filter((a) => a.startsWith('notify'))).toEqual([]);
};

describeModel('payment actions machine (model-based)', {
  ...fromCatalogue(catalogue['payment-actions']),
  setup: () => {
    const fakes: Fakes = { effects: [] };
    const machine = catalogue['payment-actions'].fake().provide({
      actions: {
        reportChanged: (_, { payment }) => void fakes.effects.push(`changed:${payment.status}`),
        goToPay: (_, { payment }) => void fakes.effects.push(`pay:${payment.payment_id}`),
        goToReply: (_, { payment }) => void fakes.effects.push(`reply:${payment.payment_id}`),
      },
    });
    return { machine, fakes };
  },
  states: {
    // A request I made: Cancel, and Remind while the server allows one.
    'requested.idle': (ctx) => {
      offering('requested', 'receiver')(ctx);
      calm(ctx);
      const { snapshot } = ctx;
      expect(snapshot.can({ type: 'CANCEL' })).toBe(true);
      expect(snapshot.can({ type: 'REMIND' })).toBe(snapshot.context.payment.actions.includes('remind'));
      for (const type of ['REJECT', 'PAY', 'REPLY', 'DECLINE', 'CONFIRM'] as const) expect(snapshot.can({ type })).toBe(false);
      if (ctx.step === 'remindRequest:done') expect(snapshot.can({ type: 'REMIND' }), 'one reminder a day').toBe(false);
    },
    'requested.confirmingCancel': (ctx) => {
      offering('requested', 'receiver')(ctx);
      expect(ctx.step).toBe('CANCEL');
      noCallRunning(ctx);
    },
    'requested.cancelling': ({ running, snapshot }) => {
      expect(running).toEqual([
        expect.objectContaining({ src: 'cancelRequest', input: { userId: sample.ANA_ID, paymentId: snapshot.context.payment.payment_id } }),
      ]);
    },
    'requested.confirmingRemind': (ctx) => {
      expect(ctx.step).toBe('REMIND');
      expect(ctx.snapshot.context.payment.actions).toContain('remind');
      noCallRunning(ctx);
    },
    'requested.reminding': ({ running, snapshot }) => {
      expect(running).toEqual([
        expect.objectContaining({ src: 'remindRequest', input: { userId: sample.ANA_ID, paymentId: snapshot.context.payment.payment_id } }),
      ]);
    },
    // A request made to me: Reject (after a Yes) or Pay.
    'askedToPay.idle': (ctx) => {
      offering('requested', 'sender')(ctx);
      calm(ctx);
      if (ctx.step === 'PAY') expect(ctx.fakes.effects.at(-1)).toBe(`pay:${sample.requestToMe.payment_id}`);
      for (const type of ['CANCEL', 'REMIND', 'REPLY', 'DECLINE', 'CONFIRM'] as const) expect(ctx.snapshot.can({ type })).toBe(false);
    },
    'askedToPay.confirmingReject': (ctx) => {
      expect(ctx.step).toBe('REJECT');
      noCallRunning(ctx);
    },
    'askedToPay.rejecting': ({ running }) => {
      expect(running).toEqual([
        expect.objectContaining({ src: 'rejectRequest', input: { userId: sample.ANA_ID, paymentId: sample.requestToMe.payment_id } }),
      ]);
    },
    // A fan's price point to me: Action Required, my reply claims it, or I decline it (after a Yes) and they are refunded.
    'actionRequired.idle': (ctx) => {
      offering('new', 'receiver')(ctx);
      calm(ctx);
      if (ctx.step === 'REPLY') expect(ctx.fakes.effects.at(-1)).toBe(`reply:${sample.pricePointToMe.payment_id}`);
      expect(ctx.snapshot.can({ type: 'DECLINE' })).toBe(true);
      for (const type of ['CANCEL', 'REMIND', 'REJECT', 'PAY', 'CONFIRM'] as const) expect(ctx.snapshot.can({ type })).toBe(false);
    },
    'actionRequired.confirmingDecline': (ctx) => {
      offering('new', 'receiver')(ctx);
      expect(ctx.step).toBe('DECLINE');
      noCallRunning(ctx);
      for (const type of ['REPLY', 'DECLINE'] as const) expect(ctx.snapshot.can({ type }), 'the dialog holds the buttons').toBe(false);
    },
    'actionRequired.declining': ({ running, snapshot }) => {
      expect(running).toEqual([
        expect.objectContaining({ src: 'declineOrder', input: { userId: sample.ANA_ID, paymentId: snapshot.context.payment.payment_id } }),
      ]);
    },
    // My price point purchase: Pending Reply, nothing to do.
    pendingReply: (ctx) => {
      offering('new', 'sender')(ctx);
      calm(ctx);
      for (const type of ['CANCEL', 'REMIND', 'REJECT', 'PAY', 'REPLY', 'DECLINE', 'CONFIRM'] as const) expect(ctx.snapshot.can({ type })).toBe(false);
    },
    // Final, or never mine to act on: no buttons.
    noActions: (ctx) => {
      calm(ctx);
      const { status, transaction_type: role } = ctx.snapshot.context.payment;
      expect(['requested', 'new'].includes(status), `${status} as ${role}`).toBe(false);
      // An order I declined is over: the fan has their money back, nothing is left to do.
      if (ctx.step === 'declineOrder:done') expect(status).toBe('rejected');
      for (const type of ['CANCEL', 'REMIND', 'REJECT', 'PAY', 'REPLY', 'DECLINE', 'CONFIRM'] as const) expect(ctx.snapshot.can({ type })).toBe(false);
    },
  },
});
