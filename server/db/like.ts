/**
 * `text` as a LIKE/ILIKE literal: `%`, `_` and `\` (LIKE's own characters) escaped with `\`, so each matches only
 * itself. `\` is PostgreSQL's default LIKE escape; statements may also say `ESCAPE '\'`. Callers add their own
 * wildcards around it (`%${likeLiteral(term)}%` for "contains", `${likeLiteral(prefix)}%` for "starts with").
 * The one place this escaping is written (a username may hold `_`, a note `100%`, a rate-limit bucket base64url's `_`).
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
