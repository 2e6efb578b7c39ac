import { apiFailure } from '../forms/api-failure';
import type { PaymentMessage, PaymentPage, PaymentTrailLine, PaymentView } from './payment-types';

/**
 * Payments as the server shows them to Ana (`ana-id`), for the activity machines' catalogue entries and model
 * tests: one per status and role the actions depend on. No Node or test imports (the catalogue loads in the browser).
 */
export const ANA_ID = '00000000-0000-4000-8000-00000000000a';
const BO_ID = '00000000-0000-4000-8000-00000000000b';

const base: PaymentView = {
  payment_id: '10000000-0000-4000-8000-000000000001',
  amount: '20.00',
  signed_amount: '20.00',
  fee: '0.00',
  total_charge: '20.00',
  created_at: '2025-01-02T12:00:00.000Z',
  updated_at: '2025-01-02T12:00:00.000Z',
  payment_method_id: null,
  messages: [],
  payment_status: 'requested',
  status: 'requested',
  transaction_type: 'receiver',
  type: 'request',
  media_type: null,
  description: 'Dinner',
  price_point_id: null,
  hold_expires_at: null,
  receiver_user_id: ANA_ID,
  receiver_username: 'ana',
  receiver_photo: null,
  sender_user_id: BO_ID,
  sender_username: 'bo',
  sender_photo: null,
  actions: ['cancel', 'remind'],
};

const withStatus = (p: PaymentView, status: PaymentView['status'], actions: PaymentView['actions']): PaymentView => ({
  ...p,
  status,
  payment_status: status,
  actions,
});

/** Ana asked Bo for $20 and may still remind him. */
export const myRequest = base;
/** The same request after a reminder today: the server no longer offers another. */
export const myRemindedRequest = withStatus(base, 'requested', ['cancel']);
export const myCancelledRequest = withStatus(base, 'cancelled', []);
/** Bo asked Ana for $20: she pays or declines. */
export const requestToMe: PaymentView = {
  ...base,
  payment_id: '10000000-0000-4000-8000-000000000002',
  signed_amount: '-20.00',
  transaction_type: 'sender',
  receiver_user_id: BO_ID,
  receiver_username: 'bo',
  sender_user_id: ANA_ID,
  sender_username: 'ana',
  actions: ['pay', 'decline'],
};
export const declinedRequestToMe = withStatus(requestToMe, 'rejected', []);
/** A fan bought Ana's photo: her reply claims it. */
export const pricePointToMe: PaymentView = {
  ...base,
  payment_id: '10000000-0000-4000-8000-000000000003',
  type: 'send',
  media_type: 'photo',
  price_point_id: '20000000-0000-4000-8000-000000000001',
  hold_expires_at: '2025-01-05T12:00:00.000Z',
  payment_method_id: 'balance',
  status: 'new',
  payment_status: 'new',
  actions: ['decline', 'reply'],
};
/** Ana rejected the fan's order: the fan's money went back to them. */
export const rejectedPricePointToMe = withStatus(pricePointToMe, 'rejected', []);
/** Ana bought Bo's video: she waits for his reply. */
export const pricePointFromMe: PaymentView = {
  ...requestToMe,
  payment_id: '10000000-0000-4000-8000-000000000004',
  type: 'send',
  media_type: 'video',
  price_point_id: '20000000-0000-4000-8000-000000000002',
  hold_expires_at: '2025-01-05T12:00:00.000Z',
  payment_method_id: 'balance',
  status: 'new',
  payment_status: 'new',
  actions: [],
};
export const completeSend: PaymentView = withStatus({ ...requestToMe, type: 'send', payment_method_id: 'balance' }, 'complete', []);

export const trailOfMyRequest: PaymentTrailLine[] = [
  { id: 1, payment_id: base.payment_id, from_status: null, to_status: 'created', event: 'CREATE', actor: ANA_ID, reason: null, occurred_at: base.created_at },
  { id: 2, payment_id: base.payment_id, from_status: 'created', to_status: 'requested', event: 'REQUEST', actor: ANA_ID, reason: null, occurred_at: base.created_at },
];

export const sampleMessage: PaymentMessage = {
  message_id: '30000000-0000-4000-8000-000000000001',
  payment_id: base.payment_id,
  created_at: '2025-01-02T12:05:00.000Z',
  message: 'Thanks!',
  message_sender_user_id: ANA_ID,
  message_receiver_user_id: BO_ID,
  message_media_id: null,
  payment_triggered: false,
};

/** Pages as the list call answers them: one of two (more to come), the last one, and an empty tab. */
export const firstOfTwoPages: PaymentPage = { totalPages: 2, results: [myRequest, requestToMe] };
export const lastPage: PaymentPage = { totalPages: 1, results: [completeSend] };
export const noPayments: PaymentPage = { totalPages: 0, results: [] };

export const notFound = apiFailure(404, { code: 'payment_not_found', detail: 'Could not find the transaction' });
export const malformedId = apiFailure(400, { code: 'validation_failed', detail: 'paymentId must be a UUID' });
export const notAllowed = apiFailure(409, { code: 'payment_action_not_allowed', detail: 'This action is not available.' });
export const tooSoon = apiFailure(429, { code: 'reminder_too_soon', detail: 'A reminder was already sent in the last 24 hours.' });
export const offline = new Error('Failed to fetch');
