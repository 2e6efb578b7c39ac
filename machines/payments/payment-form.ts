import { acceptsAmountInput, centsFromInput } from '../../domain/money/amount-input';
import { formatAmount, MAX_AMOUNT_CENTS } from '../../domain/money/amount';
import { REQUEST_MAX_EXCLUSIVE_CENTS } from '../../domain/limits';
import { isApiFailure } from '../forms/api-failure';
import { GENERIC_ERROR, type FormMessage } from '../forms/field-errors';

/**
 * The steps the send and request screens share: who, how much, and the note. Messages are translation keys of
 * `payments:rules.*` (or the server's own localised text).
 */
export const MESSAGE_MAX_LENGTH = 500;
/** Digits before the point: a send may be as large as the API carries; a request stays below $500. */
export const SEND_WHOLE_DIGITS = 9;
export const REQUEST_WHOLE_DIGITS = 3;

export type PaymentFormErrors = Partial<Record<'recipient' | 'amount' | 'message' | 'method', FormMessage>>;

export const RECIPIENT_REQUIRED: FormMessage = { key: 'payments:rules.recipient_required' };

export function amountProblem(text: string, maxExclusiveCents?: number): FormMessage | null {
  const cents = centsFromInput(text);
  if (cents === null) return { key: 'payments:rules.required' };
  if (cents === 0) return { key: 'payments:rules.amount_not_positive' };
  if (maxExclusiveCents !== undefined && cents >= maxExclusiveCents) return { key: 'payments:rules.request_amount_too_large' };
  if (cents > MAX_AMOUNT_CENTS) return { key: 'payments:rules.amount_too_large' };
  return null;
}

export const requestAmountProblem = (text: string) => amountProblem(text, REQUEST_MAX_EXCLUSIVE_CENTS);

export const messageProblem = (text: string): FormMessage | null => (text.trim() === '' ? { key: 'payments:rules.required' } : null);

/** A keystroke the amount field takes (spec 5); anything else leaves the field as it was. */
const takesAmount = (text: string, wholeDigits: number) => acceptsAmountInput(text, wholeDigits);

export const takesMessage = (text: string) => text.length <= MESSAGE_MAX_LENGTH;

/** What the server said, as the screen shows it: its localised `detail`, else the generic message. */
export function failureMessage(error: unknown): FormMessage {
  return isApiFailure(error) && error.detail ? { text: error.detail } : GENERIC_ERROR;
}

/** The amount as the API carries it: "12.5" → "12.50" (only called once `amountProblem` found none). */
export const wireAmount = (text: string): string => formatAmount(centsFromInput(text) ?? 0);
