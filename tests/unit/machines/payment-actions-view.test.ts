import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PaymentView } from '../../../machines/activity/payment-types';
import * as samples from '../../../machines/activity/samples';
import { paymentActionsMachine } from '../../../machines/payment-actions.machine';
import { ACTION_WORDING, paymentActionsView } from '../../../machines/payment-actions.view';

const activity = (lang: string) => JSON.parse(readFileSync(new URL(`../../../locales/${lang}/activity.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const at = (tree: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;

/** The verb each action must use in each language, as a stem every text of it contains. */
const VERBS: Record<string, Record<keyof typeof ACTION_WORDING, RegExp>> = {
  en: { cancel: /cancel/i, reject: /reject/i, rejectOrder: /reject/i, remind: /remind/i },
  es: { cancel: /cancel/i, reject: /rechaz/i, rejectOrder: /rechaz/i, remind: /recordatorio/i },
  pt: { cancel: /cancel/i, reject: /recus/i, rejectOrder: /recus/i, remind: /lembrete/i },
};

describe('one verb per payment action (issue 22 item 4)', () => {
  for (const [lang, verbs] of Object.entries(VERBS)) {
    it(`${lang}: button, dialog title, toast and status share the verb`, () => {
      const texts = activity(lang);
      for (const [action, wording] of Object.entries(ACTION_WORDING)) {
        const verb = verbs[action as keyof typeof ACTION_WORDING];
        for (const key of [wording.button, wording.dialogTitle, wording.toast, wording.status]) {
          if (key === null) continue;
          expect(at(texts, key), `${lang} ${action} ${key}`).toMatch(verb);
        }
      }
    });
  }

  it('no action borrows another one’s verb (the payer’s and the creator’s refusals never say cancel or decline)', () => {
    for (const lang of Object.keys(VERBS)) {
      const texts = activity(lang);
      for (const reject of [ACTION_WORDING.reject, ACTION_WORDING.rejectOrder]) {
        for (const key of [reject.button, reject.dialogTitle, reject.toast, reject.status]) expect(at(texts, key)).not.toMatch(/cancel|declin/i);
      }
    }
  });

  it('rejecting an order says the fan is refunded and names them, in every language; it is not the request’s dialog', () => {
    const REFUND: Record<string, RegExp> = { en: /refund/i, es: /reembols/i, pt: /reembols/i };
    for (const [lang, refund] of Object.entries(REFUND)) {
      const texts = activity(lang);
      const order = ACTION_WORDING.rejectOrder;
      for (const key of [order.button, order.dialogTitle, order.toast]) expect(at(texts, key), `${lang} ${key}`).toMatch(refund);
      expect(at(texts, order.dialogBody)).toContain('@{{name}}');
      expect(at(texts, order.dialogBody)).toContain('{{amount}}');
      expect(at(texts, order.dialogTitle)).not.toBe(at(texts, ACTION_WORDING.reject.dialogTitle));
      expect(at(texts, order.button)).not.toBe(at(texts, ACTION_WORDING.reject.button));
    }
  });
});

describe('the actions panel as the payment-actions machine shows it (issue 24 item 6)', () => {
  const start = (payment: PaymentView, call: () => Promise<PaymentView> = () => new Promise(() => {})) =>
    createActor(
      paymentActionsMachine.provide({
        actors: { cancelRequest: fromPromise(call), rejectRequest: fromPromise(call), remindRequest: fromPromise(call), declineOrder: fromPromise(call) },
        actions: { goToPay: () => {}, goToReply: () => {} },
      }),
      { input: { userId: samples.ANA_ID, payment } },
    ).start();
  const buttons = (actor: ReturnType<typeof start>) =>
    paymentActionsView(actor.getSnapshot()).buttons.map((b) => [b.event.type, b.labelKey, b.variant, b.enabled]);

  it('my request: Cancel and Remind; Remind only while the server offers it', () => {
    expect(buttons(start(samples.myRequest))).toEqual([
      ['CANCEL', 'actions.cancel', 'outline', true],
      ['REMIND', 'actions.remind', 'solid', true],
    ]);
    expect(buttons(start(samples.myRemindedRequest))).toEqual([['CANCEL', 'actions.cancel', 'outline', true]]);
  });

  it('a confirmation holds the buttons; a call on its way disables them and says so', () => {
    const actor = start(samples.myRequest);
    actor.send({ type: 'REMIND' });
    expect(paymentActionsView(actor.getSnapshot())).toMatchObject({ dialog: 'remind', busy: false });
    expect(buttons(actor)).toEqual([
      ['CANCEL', 'actions.cancel', 'outline', false],
      ['REMIND', 'actions.remind', 'solid', false],
    ]);
    actor.send({ type: 'CONFIRM' });
    expect(paymentActionsView(actor.getSnapshot())).toMatchObject({ dialog: null, busy: true });
    expect(buttons(actor)).toEqual([
      ['CANCEL', 'actions.cancel', 'outline', false],
      ['REMIND', 'actions.remind', 'solid', false],
    ]);
    actor.send({ type: 'DISMISS' });
    expect(paymentActionsView(actor.getSnapshot()).busy).toBe(true);
  });

  it('asked to pay: Reject and Pay; the reject dialog', () => {
    const actor = start(samples.requestToMe);
    expect(buttons(actor)).toEqual([
      ['REJECT', 'actions.reject', 'outline', true],
      ['PAY', 'actions.pay', 'solid', true],
    ]);
    actor.send({ type: 'REJECT' });
    expect(paymentActionsView(actor.getSnapshot())).toMatchObject({ dialog: 'reject', busy: false, note: null });
  });

  it('a price point: Reject and refund or Reply for the creator, a waiting line for the fan, nothing for a finished payment', () => {
    expect(paymentActionsView(start(samples.pricePointToMe).getSnapshot())).toEqual({
      shown: true,
      note: 'actions.actionRequired',
      buttons: [
        { event: { type: 'DECLINE' }, labelKey: 'actions.rejectOrder', variant: 'outline', enabled: true },
        { event: { type: 'REPLY' }, labelKey: 'actions.reply', variant: 'solid', enabled: true },
      ],
      busy: false,
      dialog: null,
    });
    expect(paymentActionsView(start(samples.pricePointFromMe).getSnapshot())).toEqual({
      shown: true,
      note: 'actions.pendingReply',
      buttons: [],
      busy: false,
      dialog: null,
    });
    expect(paymentActionsView(start(samples.completeSend).getSnapshot()).shown).toBe(false);
  });

  it('declining an order: the dialog, then Working… with both buttons held, then the rejected order offers nothing', async () => {
    let answer: (payment: PaymentView) => void = () => {};
    const actor = start(samples.pricePointToMe, () => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'DECLINE' });
    expect(paymentActionsView(actor.getSnapshot())).toMatchObject({ dialog: 'rejectOrder', busy: false, note: 'actions.actionRequired' });
    expect(buttons(actor)).toEqual([
      ['DECLINE', 'actions.rejectOrder', 'outline', false],
      ['REPLY', 'actions.reply', 'solid', false],
    ]);
    actor.send({ type: 'DISMISS' });
    expect(paymentActionsView(actor.getSnapshot())).toMatchObject({ dialog: null, busy: false });
    actor.send({ type: 'DECLINE' });
    actor.send({ type: 'CONFIRM' });
    expect(paymentActionsView(actor.getSnapshot())).toMatchObject({ dialog: null, busy: true });
    expect(buttons(actor).map(([, , , enabled]) => enabled)).toEqual([false, false]);
    answer(samples.rejectedPricePointToMe);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.payment.status).toBe('rejected');
    expect(paymentActionsView(actor.getSnapshot())).toEqual({ shown: false, note: null, buttons: [], busy: false, dialog: null });
  });

  it('a refused decline keeps the order and both buttons; the creator may still reply', async () => {
    const actor = start(samples.pricePointToMe, () => Promise.reject(samples.notAllowed));
    actor.send({ type: 'DECLINE' });
    actor.send({ type: 'CONFIRM' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.payment).toBe(samples.pricePointToMe);
    expect(paymentActionsView(actor.getSnapshot())).toMatchObject({ shown: true, busy: false, dialog: null });
    expect(buttons(actor)).toEqual([
      ['DECLINE', 'actions.rejectOrder', 'outline', true],
      ['REPLY', 'actions.reply', 'solid', true],
    ]);
  });
});
