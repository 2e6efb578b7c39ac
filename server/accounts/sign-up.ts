import type { Db } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { acceptInvitation } from '../people/invitations';
import { readInviter } from '../../domain/invitation';
import { issueEmailCode } from './email-verification';
import { emailTaken, findUserByEmail, insertUser, isUniqueViolation, type UserRow } from './users';

export interface SignUpValues {
  /** Normalised, and checked against the shared rules by the caller. */
  email: string;
  password: string;
  purchase: UserRow['purchase'] | null;
  /** The invitation link's `invitedBy` as it came (readInviter decides whether it names anyone). */
  invitedBy: string | undefined;
}

export interface SignedUp {
  user: UserRow;
  /** The inviter whose invitation this account accepted, if any. */
  invitedBy: string | null;
  /** The first email code, to be mailed to the address (never logged). */
  code: string;
}

/**
 * A new account (spec 5, issue 3): the password hashed, the row and an accepted invitation in one transaction, and
 * the first email code. An address already taken — looked up first, and decided by the unique index when two
 * sign-ups race — is a 409 under the email field.
 */
export async function signUp(db: Db, values: SignUpValues, now: Date): Promise<SignedUp> {
  if (await findUserByEmail(db, values.email)) throw emailTaken();
  const passwordHash = await hashPassword(values.password);
  const inviterName = readInviter(values.invitedBy);
  let invitedBy: string | null = null;
  let user: UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, { email: values.email, passwordHash, purchase: values.purchase }, now);
      if (inviterName) invitedBy = await acceptInvitation(tx, created.id, values.email, inviterName, now);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { user, invitedBy, code: await issueEmailCode(db, user.id, values.email, now) };
}
