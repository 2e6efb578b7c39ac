import { describe, expect, it } from 'vitest';
import { personFrom } from '../../../machines/payments/person';
import { methodOptions, methodText, payButtonCents, sendScreen, sendSummary } from '../../../machines/payments/send-form.view';

const card = { id: 'card-1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const funding = { availableCents: 4_00, cards: [card] };

describe('send screen view', () => {
  it('lists the balance (disabled when it does not cover the amount), each card, and New card', () => {
    expect(methodOptions({ amount: '20', funding })).toEqual([
      { kind: 'balance', id: 'balance', availableCents: 400, enough: false },
      { kind: 'card', id: 'card-1', card },
      { kind: 'newCard', id: 'new-card' },
    ]);
    expect(methodOptions({ amount: '4.00', funding })[0]).toMatchObject({ enough: true });
    expect(methodOptions({ amount: '4.01', funding })[0]).toMatchObject({ enough: false });
    expect(methodOptions({ amount: '20', funding: null })).toEqual([]);
  });

  it('the button says the total: $20.00 by card is "Pay $21.00", from the balance "Pay $20.00"', () => {
    expect(payButtonCents({ amount: '20', methodId: 'card-1' })).toBe(21_00);
    expect(payButtonCents({ amount: '20', methodId: 'new-card' })).toBe(21_00);
    expect(payButtonCents({ amount: '20', methodId: 'balance' })).toBe(20_00);
  });

  it('summarises whom, amount, fee, total and method', () => {
    const recipient = { userId: 'u-1', username: 'maya', fullName: 'Maya D', photo: null };
    expect(sendSummary({ amount: '20', methodId: 'card-1', recipient, funding })).toEqual({
      to: 'maya',
      amountCents: 20_00,
      feeCents: 1_00,
      totalCents: 21_00,
      method: 'card',
      card,
    });
    expect(sendSummary({ amount: '', methodId: 'balance', recipient: null, funding })).toMatchObject({ to: null, totalCents: 0, method: 'balance', card: null });
  });

  it('names the method in the summary: the balance, a new card, a saved card by brand and last four', () => {
    expect(methodText({ method: 'balance', card: null })).toEqual({ key: 'method.balance' });
    expect(methodText({ method: 'newCard', card: null })).toEqual({ key: 'method.newCard' });
    expect(methodText({ method: 'card', card })).toEqual({ key: 'method.card', brand: 'VISA', last4: '4242' });
    expect(methodText({ method: 'card', card: null })).toBeNull();
  });
});

describe("the pay screen's three jobs", () => {
  type ScreenContext = Parameters<typeof sendScreen>[0];
  const maya = personFrom({ userId: 'u-maya', username: 'maya', fullName: 'Maya Lopez' });
  const plain: ScreenContext = { paymentId: null, pricePointId: null, recipient: null };
  const screen = (context: Partial<ScreenContext>, at: { finding?: boolean; itemKnown?: boolean } = {}) =>
    sendScreen({ ...plain, ...context }, { finding: false, itemKnown: false, ...at });

  it('sending: the recipient field and the amount typed, under "Send money"', () => {
    expect(screen({})).toEqual({ mode: 'send', title: 'send.title', lead: 'send.lead', subject: 'recipient', amount: 'field', finding: null });
    // A link that names the recipient (a pay page's): finding them first, nothing to type into meanwhile.
    expect(screen({}, { finding: true })).toMatchObject({ subject: null, amount: 'field', finding: 'send.findingReceiver' });
  });

  it('paying a request: the request stands for whom and how much', () => {
    expect(screen({ paymentId: 'p-1', recipient: maya })).toEqual({
      mode: 'payRequest', title: 'payRequest.title', lead: 'payRequest.lead', subject: 'request', amount: 'inSubject', finding: null,
    });
    // The requester not known yet: the recipient field, so the screen is never empty.
    expect(screen({ paymentId: 'p-1' })).toMatchObject({ subject: 'recipient', amount: 'inSubject' });
  });

  it('checkout: finding the creator, then the item with its price; a fixed amount until the item is known', () => {
    expect(screen({ pricePointId: 'pp-1' }, { finding: true })).toEqual({
      mode: 'checkout', title: 'checkout.title', lead: 'checkout.lead', subject: null, amount: 'fixed', finding: 'checkout.finding',
    });
    expect(screen({ pricePointId: 'pp-1', recipient: maya }, { itemKnown: true })).toMatchObject({ subject: 'item', amount: 'inSubject', finding: null });
    expect(screen({ pricePointId: 'pp-1', recipient: maya })).toMatchObject({ subject: 'recipient', amount: 'fixed' });
  });
});
