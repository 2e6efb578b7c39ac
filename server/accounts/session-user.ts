import type { Db } from '../db/database';
import { photoOf, picturesOf } from '../creators/profile-images';
import { toSessionUser, type SessionUserBody, type UserRow } from './users';

/** The session user as the app gets it (answer and `tipjar-user` cookie): the account's fields and its avatar. */
export async function sessionUserOf(db: Db, row: UserRow): Promise<SessionUserBody> {
  return toSessionUser(row, photoOf(await picturesOf(db, [row.id]), row.id));
}
