import type { components } from '../../openapi/schema';

/** A payment as the caller sees it (openapi.yaml `Payment`): `transaction_type` is the caller's role in it. */
export type PaymentView = components['schemas']['Payment'];
export type PaymentMessage = components['schemas']['Message'];
/** One line of a payment's trail (`GET …/payment/{paymentId}/events`), oldest first. */
export type PaymentTrailLine = components['schemas']['PaymentEvent'];
export type PaymentPage = components['schemas']['PaymentList'];
