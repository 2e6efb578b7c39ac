import type { ProblemCode } from '../../../domain/problem-code';
import { expect } from 'vitest';
import type { SessionUser } from '../../../domain/session-user';
import { apiFailure } from '../../../machines/forms/api-failure';
import type { FieldErrors, FormMessage } from '../../../machines/forms/field-errors';

/** Shared samples for the account machines' model tests. */
export const GOOD_PASSWORD = 'Str0ng!pass';

/** The users of machines/catalogue-samples.ts (the samples the paths are generated from), for assertions. */
export const completeUser: SessionUser = {
  userId: 'u-1',
  email: 'ana@example.com',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'ana',
  country: 'US',
  fullName: 'Ana Silva',
};
export const unverifiedUser: SessionUser = {
  ...completeUser,
  userId: 'u-2',
  email: 'bo@example.com',
  emailStatus: 'unverified',
  username: null,
  country: null,
};

export const offline = new Error('Failed to fetch');
export const tooMany = apiFailure(429, { code: 'too_many_attempts', detail: 'Too many attempts. Please try again in 15 minutes.' });

/** A field error from the server (`errors[]`), as a refusal of one field. */
export function fieldRefusal(status: number, code: ProblemCode, field: string, message: string) {
  return apiFailure(status, { code, detail: message, errors: [{ field, message }] });
}

export const messageText = (message: FormMessage | null | undefined) =>
  message == null ? null : 'text' in message ? message.text : message.key;

/** Every field with an error is one of `fields`, and at least one has one. */
function expectFieldErrors(errors: FieldErrors<string>, fields?: string[]) {
  expect(Object.keys(errors).length).toBeGreaterThan(0);
  if (fields) expect(Object.keys(errors).sort()).toEqual([...fields].sort());
}
