import { and, asc, desc, ne, or, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import type { Db } from '../db/database';
import { likeLiteral } from '../db/like';
import { completeProfile } from '../security/set-up-gate';
import { users } from '../db/schema/index';
import { USER_SEARCH_LIMIT } from '../../domain/limits';
import { photoOf, picturesOf } from '../creators/profile-images';

export type UserSummary = components['schemas']['UserSummary'];

/**
 * People `callerId` may pay or ask for money whose username or space-less full name contains `term`, or whose
 * email is `term` exactly (no partial emails: the search must not list addresses). `term` is already normalised
 * (`normalizeSearchTerm`: lower case, no spaces, no leading @). Accounts that are closed or not set up cannot
 * be paid and are never found.
 */
export async function searchUsers(db: Db, callerId: string, term: string): Promise<UserSummary[]> {
  const contains = `%${likeLiteral(term)}%`;
  const startsWith = `${likeLiteral(term)}%`;
  const username = sql`lower(${users.username})`;
  const rows = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName })
    .from(users)
    .where(
      and(
        ne(users.id, callerId),
        // Only people who can be paid or asked (server/security/set-up-gate.ts): verified and set up.
        completeProfile(),
        or(
          sql`${username} LIKE ${contains} ESCAPE '\\'`,
          sql`regexp_replace(lower(${users.fullName}), '\\s+', '', 'g') LIKE ${contains} ESCAPE '\\'`,
          sql`lower(${users.email}) = ${term}`,
        ),
      ),
    )
    .orderBy(desc(sql`${username} = ${term}`), desc(sql`${username} LIKE ${startsWith} ESCAPE '\\'`), asc(username), asc(users.id))
    .limit(USER_SEARCH_LIMIT);
  const pictures = await picturesOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ userId: r.id, username: r.username!, fullName: r.fullName, photo: photoOf(pictures, r.id) }));
}
