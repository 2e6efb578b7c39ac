import { addCardBody, cardProblems, type AddCardBody } from '../add-card.machine';
import type { FieldErrors, FormMessage } from '../forms/field-errors';

/**
 * A card typed into a payment (issue 22 item 3): the add-card form's fields and rules (domain/rules/card-rules.ts,
 * through add-card.machine.ts), with the expiry as one "MM/YY" field. Its problems are the add-card ones, the
 * month's and the year's shown under the one expiry field.
 */
export interface NewCardValues {
  nameOnCard: string;
  number: string;
  /** "MM/YY". */
  expiry: string;
  cvv: string;
  country: string;
  postalCode: string;
}

const NEW_CARD_FIELDS = ['nameOnCard', 'number', 'expiry', 'cvv', 'country', 'postalCode'] as const satisfies readonly (keyof NewCardValues)[];
export type NewCardField = (typeof NEW_CARD_FIELDS)[number];

export const emptyNewCard = (country = ''): NewCardValues => ({ nameOnCard: '', number: '', expiry: '', cvv: '', country, postalCode: '' });

/** What the expiry field takes: up to two digits, a slash, up to two digits ("0", "07", "07/", "07/2", "07/29"). */
export const takesExpiry = (text: string) => /^\d{0,2}(\/\d{0,2})?$/u.test(text);

/** "07/29" → month "07", year "2029" (a two-digit year is this century's); anything else leaves them empty. */
function expiryParts(text: string): { expMonth: string; expYear: string } {
  const match = /^(\d{1,2})\/(\d{2})$/u.exec(text.trim());
  return match ? { expMonth: match[1]!, expYear: `20${match[2]}` } : { expMonth: '', expYear: '' };
}

/** The card as `newCard` in the send body (the add-card request's shape). */
export const newCardBody = (values: NewCardValues): AddCardBody => addCardBody({ ...values, ...expiryParts(values.expiry) });

/** The add-card rules' problems, in the order of the fields on screen; month and year go under the expiry. */
export function newCardProblems(values: NewCardValues, today: number): FieldErrors<NewCardField> {
  const found = cardProblems({ ...values, ...expiryParts(values.expiry) }, today);
  const expiry: FormMessage | undefined = found.expMonth ?? found.expYear;
  const errors: FieldErrors<NewCardField> = {};
  for (const field of NEW_CARD_FIELDS) {
    const message = field === 'expiry' ? expiry : found[field];
    if (message) errors[field] = message;
  }
  return errors;
}
