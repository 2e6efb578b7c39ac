import { USERNAME_MAX_LENGTH } from './rules/rule-values';

/** The sign-up link's parameter naming who invited the new account (server/people/invitations.ts builds it). */
export const INVITED_BY_PARAM = 'invited_by';

/**
 * The inviter's username as a sign-up link carries it, or null when it cannot be one: a link edited or cut short
 * must never stop anyone from signing up, so anything odd is dropped rather than refused.
 */
export function readInviter(value: string | null | undefined): string | null {
  const name = (value ?? '').trim().replace(/^@/, '');
  if (name === '' || name.length > USERNAME_MAX_LENGTH || !/^[A-Za-z0-9._]+$/.test(name)) return null;
  return name;
}
