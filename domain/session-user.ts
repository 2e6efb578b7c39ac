/** The non-secret user fields the app routes by (spec 3, "User session"); the token itself never reaches scripts. */
export interface SessionUser {
  userId: string;
  email: string;
  accountStatus: string;
  emailStatus: string;
  username: string | null;
  country: string | null;
  fullName: string | null;
  /** The avatar's address (domain/pictures.ts); null without one. Absent in a cookie written before issue 23. */
  photo?: string | null;
}

/** Spec 2: a user missing username, country or full name is confined to /set-up. */
export function needsSetUp(user: SessionUser): boolean {
  return !user.username || !user.country || !user.fullName;
}
