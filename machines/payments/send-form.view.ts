import type { SnapshotFrom } from 'xstate';
import { BALANCE_METHOD, NEW_CARD_METHOD, type PaymentCard } from './funding';
import { methodCanPay, sendChargeOf, type SendPaymentContext, type sendPaymentMachine } from '../send-payment.machine';

/**
 * What the send screen's method list shows (issue 22 item 2): the balance — disabled, "not enough", when it does
 * not cover the total —, each saved card, and "New card". The screen draws these; the machine's guards refuse the
 * same choices.
 */
export type MethodOption =
  | { kind: 'balance'; id: string; availableCents: number; enough: boolean }
  | { kind: 'card'; id: string; card: PaymentCard }
  | { kind: 'newCard'; id: string };

export function methodOptions(context: Pick<SendPaymentContext, 'amount' | 'funding'>): MethodOption[] {
  if (!context.funding) return [];
  return [
    { kind: 'balance', id: BALANCE_METHOD, availableCents: context.funding.availableCents, enough: methodCanPay(context, BALANCE_METHOD) },
    ...context.funding.cards.map((card): MethodOption => ({ kind: 'card', id: card.id, card })),
    { kind: 'newCard', id: NEW_CARD_METHOD },
  ];
}

/** The one button's words: "Pay" and the total the payer is charged (amount plus a card's fee). */
export const payButtonCents = (context: Pick<SendPaymentContext, 'amount' | 'methodId'>) => sendChargeOf(context).totalCents;

/** The summary above the button: whom, how much, the fee and total, with what. */
export function sendSummary(context: Pick<SendPaymentContext, 'amount' | 'methodId' | 'recipient' | 'funding'>) {
  const charge = sendChargeOf(context);
  const card = context.funding?.cards.find((c) => c.id === context.methodId) ?? null;
  const method = context.methodId === BALANCE_METHOD ? 'balance' : context.methodId === NEW_CARD_METHOD ? 'newCard' : 'card';
  return { to: context.recipient?.username ?? null, ...charge, method, card } as const;
}

/** The summary's "With": the method in the screen's words (`payments:method.*`); null for a card no longer listed. */
export function methodText(summary: Pick<ReturnType<typeof sendSummary>, 'method' | 'card'>) {
  if (summary.method === 'balance') return { key: 'method.balance' } as const;
  if (summary.method === 'newCard') return { key: 'method.newCard' } as const;
  return summary.card ? ({ key: 'method.card', brand: summary.card.brand.toUpperCase(), last4: summary.card.last4 } as const) : null;
}

/**
 * Which of its three jobs the one pay screen is doing, and so what it shows (issue 22 items 1, 4 and 5):
 * - `send`: a payment to someone — the recipient field and the amount typed;
 * - `payRequest`: paying a request made of me — the request itself (who asked, how much, their note) stands for
 *   both;
 * - `checkout`: buying a creator's price point — the item and its terms; the amount is the item's price.
 * While the creator of a price point (or a request's requester) is being found, only the "finding" line shows.
 */
export interface SendScreen {
  mode: 'send' | 'payRequest' | 'checkout';
  /** `payments:` keys of the page header. */
  title: 'send.title' | 'payRequest.title' | 'checkout.title';
  lead: 'send.lead' | 'payRequest.lead' | 'checkout.lead';
  /** What stands for whom is paid: the item bought, the request, or the recipient field; null while finding. */
  subject: 'item' | 'request' | 'recipient' | null;
  /** The amount: typed, shown fixed (a price point whose item is not known yet), or already in the subject. */
  amount: 'field' | 'fixed' | 'inSubject';
  /** The status line while the receiver is being found. */
  finding: 'checkout.finding' | 'send.findingReceiver' | null;
}

export function sendScreen(
  context: Pick<SendPaymentContext, 'paymentId' | 'pricePointId' | 'recipient'>,
  at: { finding: boolean; itemKnown: boolean },
): SendScreen {
  const mode = context.paymentId !== null ? 'payRequest' : context.pricePointId ? 'checkout' : 'send';
  const finding = at.finding ? (context.pricePointId ? 'checkout.finding' : 'send.findingReceiver') : null;
  let subject: SendScreen['subject'];
  if (at.itemKnown) subject = 'item';
  else if (at.finding && context.pricePointId) subject = null;
  else if (mode === 'payRequest' && context.recipient) subject = 'request';
  else subject = at.finding ? null : 'recipient';
  return {
    mode,
    title: `${mode}.title`,
    lead: `${mode}.lead`,
    subject,
    amount: mode === 'payRequest' || at.itemKnown ? 'inSubject' : mode === 'checkout' ? 'fixed' : 'field',
    finding,
  };
}

type SendSnapshot = Pick<SnapshotFrom<typeof sendPaymentMachine>, 'matches' | 'can' | 'context'>;

/**
 * Which parts of the pay screen show and what its buttons may do, from the send machine's snapshot (issue 24 item
 * 6): the view renders this and never reads a state name.
 * - `sent`: the payment went through — the done screen replaces the form;
 * - `finding`: the receiver a link named is being looked up (`sendScreen`'s input);
 * - `methods`: the payer's balance and cards are loading, or could not be read (the machine then takes RETRY), else
 *   null;
 * - `pay`: the one button — enabled when the machine takes SUBMIT now (it waits for the methods when nothing is
 *   missing, and while the payment is sent), "Paying…" while it is.
 */
export interface SendParts {
  sent: boolean;
  finding: boolean;
  methods: 'loading' | 'loadFailed' | null;
  pay: { enabled: boolean; labelKey: 'actions.pay' | 'actions.paying' };
}

export function sendParts(snapshot: SendSnapshot): SendParts {
  const methods = snapshot.matches({ form: 'loading' }) ? 'loading' : snapshot.matches({ form: 'loadFailed' }) ? 'loadFailed' : null;
  return {
    sent: snapshot.matches('done') && snapshot.context.sent !== null,
    finding: snapshot.matches('findingReceiver'),
    methods,
    pay: { enabled: snapshot.can({ type: 'SUBMIT' }), labelKey: snapshot.matches('submitting') ? 'actions.paying' : 'actions.pay' },
  };
}
