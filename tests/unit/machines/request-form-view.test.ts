import { describe, expect, it } from 'vitest';
import { requestFormView } from '../../../machines/payments/request-form.view';

const maya = { userId: 'u-1', username: 'maya', fullName: 'Maya D', photo: null };

describe('request screen view', () => {
  it('summarises whom and how much: nobody and $0.00 before anything is typed', () => {
    expect(requestFormView({ recipient: null, amount: '', requested: null }, false).summary).toEqual({ to: null, amountCents: 0 });
    expect(requestFormView({ recipient: maya, amount: '20', requested: null }, false).summary).toEqual({ to: 'maya', amountCents: 20_00 });
    expect(requestFormView({ recipient: maya, amount: '12.5', requested: null }, false).summary.amountCents).toBe(12_50);
    // Not an amount (yet): the summary and the button say $0.00, the machine's guards refuse the request.
    expect(requestFormView({ recipient: maya, amount: 'abc', requested: null }, false).summary.amountCents).toBe(0);
  });

  it('the button says what will happen, "Request $20.00", and "Requesting…", disabled, while it is sent', () => {
    expect(requestFormView({ recipient: maya, amount: '20', requested: null }, false).button).toEqual({ key: 'actions.request', amountCents: 20_00, disabled: false });
    expect(requestFormView({ recipient: maya, amount: '20', requested: null }, true).button).toEqual({
      key: 'actions.requesting',
      amountCents: 20_00,
      disabled: true,
    });
  });

  it('once requested, the receipt: whom, how much and the request to open; nothing before', () => {
    expect(requestFormView({ recipient: maya, amount: '20', requested: null }, false).done).toBeNull();
    expect(requestFormView({ recipient: maya, amount: '20', requested: { paymentId: 'p-1', amount: '20.00' } }, false).done).toEqual({
      key: 'requested.body',
      username: 'maya',
      amountCents: 20_00,
      paymentId: 'p-1',
    });
  });
});
