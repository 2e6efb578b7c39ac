import type { Deposit, UsdtAddress } from '../add-money.machine';
import type { AddCardValues } from '../add-card.machine';
import { apiFailure } from '../forms/api-failure';
import type { PaymentCard } from '../payments/funding';

/**
 * What the wallet screens of issue 6 (cards, add money, deposits) see in the flow atlas and the model tests: the
 * user's card, a card just added, deposits in each status, the USDT address and the server's refusals. Shaped
 * exactly as the API answers (openapi/openapi.yaml).
 */
export const TODAY = Date.UTC(2026, 10, 21, 12);

export const savedCard: PaymentCard = { id: 'card-1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
export const addedCard: PaymentCard = { id: 'card-2', brand: 'mastercard', last4: '4444', expMonth: 6, expYear: 2029 };

/** A card form that passes every rule (the sandbox's good Visa). */
export const goodCard: AddCardValues = {
  nameOnCard: 'Ana Souza',
  number: '4242 4242 4242 4242',
  expMonth: '12',
  expYear: '2030',
  cvv: '123',
  country: 'US',
  postalCode: '10001',
};

const base = {
  payment_id: '0b8f5b7e-2a5c-4b8e-9e3a-5b1f2c3d4e50',
  created_at: '2026-11-21T12:00:00.000Z',
  updated_at: '2026-11-21T12:00:01.000Z',
  failure_code: null,
} as const;

export const cardDeposit = (status: Deposit['status'], failure: string | null = null): Deposit => ({
  ...base,
  id: 'dep-1',
  status,
  method: 'card',
  charged_type: 'card',
  amount: '50.00',
  fee: '2.50',
  total: '52.50',
  charged_amount: '52.50',
  card: { id: savedCard.id, brand: savedCard.brand, last4: savedCard.last4 },
  usdt: null,
  failure_code: failure,
});

export const usdtDeposit = (status: Deposit['status'], confirmations: number, failure: string | null = null): Deposit => ({
  ...base,
  id: 'dep-2',
  status,
  method: 'usdt',
  charged_type: 'usdt',
  amount: '25.00',
  fee: '0.00',
  total: '25.00',
  charged_amount: '25.00',
  card: null,
  usdt: { address: 'TXsandboxAddress0000000000000000001', tx_hash: 'ab12', confirmations, required_confirmations: 20 },
  failure_code: failure,
});

export const usdtAddress: UsdtAddress = {
  address: 'TXsandboxAddress0000000000000000001',
  asset: 'USDT',
  network: 'TRON (TRC-20)',
  requiredConfirmations: 20,
};

export const DECLINE_TEXT = 'Your credit card was declined. Please check the number, contact your bank or choose/enter another card';
export const cardDeclined = apiFailure(402, { code: 'card_declined', detail: DECLINE_TEXT });
export const badNumber = apiFailure(400, {
  code: 'validation_failed',
  detail: 'Card number must have 15 or 16 digits',
  errors: [{ field: 'number', message: 'Card number must have 15 or 16 digits' }],
});
export const offline = new Error('Failed to fetch');
export const notFound = apiFailure(404, { code: 'deposit_not_found', detail: 'Could not find the transaction' });
export const malformedId = apiFailure(400, { code: 'validation_failed', detail: 'Could not find the transaction' });
export const cardNotFound = apiFailure(404, { code: 'card_not_found', detail: 'Could not find this card.' });
