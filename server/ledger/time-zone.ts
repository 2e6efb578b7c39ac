/**
 * Whether a time zone name is one Intl knows (and so PostgreSQL's zone rules, which come from the same tz database):
 * the one check of the zone a statement or the money summary is asked in; callers answer 422 to any other.
 */
export function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
