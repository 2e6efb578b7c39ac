import { isApiFailure } from './api-failure';

/**
 * What a form shows under a field or above its button: a translation key from the shared rules
 * (`accounts:rules.*`, interpolated with RULE_VALUES by the view), or a text the server already translated.
 */
export type FormMessage = { key: string } | { text: string };

export type FieldErrors<F extends string> = Partial<Record<F, FormMessage>>;

export const GENERIC_ERROR: FormMessage = { key: 'errors:generic' };

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

/** The server's field problems (`errors[]`) mapped onto the form's fields by name (`body.` prefix ignored). */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (!isApiFailure(error)) return errors;
  for (const problem of error.errors) {
    const field = problem.field.replace(/^body\./, '') as F;
    if (fields.includes(field) && !errors[field]) errors[field] = { text: problem.message };
  }
  return errors;
}

/**
 * The message above the button for a failure that no field explains: the server's localised `detail`, else the
 * generic message. Null when every problem is already shown under a field.
 */
export function formMessage(error: unknown, fieldErrors: FieldErrors<string>): FormMessage | null {
  if (!isApiFailure(error)) return GENERIC_ERROR;
  if (hasErrors(fieldErrors)) return null;
  return error.detail ? { text: error.detail } : GENERIC_ERROR;
}

/** Drops one field's error once the user edits it: the message described the old value. */
export function withoutError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}
