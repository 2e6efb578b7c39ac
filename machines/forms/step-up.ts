import type { EventObject } from 'xstate';
import type { ProblemCode } from '../../domain/problem-code';
import { failedWith, isApiFailure } from './api-failure';
import type { FormMessage } from './field-errors';

/**
 * Step-up (issue 21): saving what can take the account or redirect money (the email or full name, the bank account,
 * the payout link, closing) asks for the current password at that moment, in a dialog. The password travels only
 * in the PASSWORD_SUBMIT event and goes straight into the invoked call's input: it is never stored in a machine's
 * context, so nothing keeps it after the call (a wrong one is typed again, the dialog's field starts empty).
 * The server answers 403 `wrong_password` (its `errors[]` names `current_password`) or `reauthentication_required`.
 */
export type PasswordSubmitEvent = { type: 'PASSWORD_SUBMIT'; password: string };

export const STEP_UP_RULE = { required: { key: 'common:passwordDialog.required' } } as const satisfies Record<string, FormMessage>;

const STEP_UP_CODES: readonly ProblemCode[] = ['wrong_password', 'reauthentication_required'];

/** The call was refused for the password (wrong, or missing): back to the dialog. */
export const refusedPassword = (error: unknown) => failedWith(error, STEP_UP_CODES);

/** What the dialog shows under its field for a refusal: the server's words about `current_password`, else its detail. */
export function passwordRefusal(error: unknown): FormMessage {
  if (!isApiFailure(error)) return { key: 'errors:generic' };
  const onField = error.errors.find((e) => e.field.replace(/^body\./, '') === 'current_password');
  const text = onField?.message ?? error.detail;
  return text ? { text } : { key: 'errors:generic' };
}

/** The password a PASSWORD_SUBMIT carries; '' for any other event (a save that needs none). */
export const passwordOf = (event: EventObject): string => (event.type === 'PASSWORD_SUBMIT' ? (event as PasswordSubmitEvent).password : '');

/** Guard: the dialog was submitted with something in the field (an empty one is refused in place, no call). */
export const passwordGiven = ({ event }: { event: EventObject }) => passwordOf(event).length > 0;
