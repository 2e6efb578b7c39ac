import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { likeLiteral } from '../../../server/db/like';
import { openDatabase, type Database } from '../../../server/db/database';

/**
 * server/db/like.ts, the one LIKE escaping (user search, activity search, rate-limit scopes): `%`, `_` and `\` are
 * escaped with `\`, nothing else changes; in PostgreSQL (PGlite here, no migrations needed) the escaped text matches
 * only itself, with and without `ESCAPE '\'`, in LIKE and ILIKE.
 */
describe('likeLiteral', () => {
  it.each([
    ['plain', 'plain'],
    ['100%', '100\\%'],
    ['under_score', 'under\\_score'],
    ['back\\slash', 'back\\\\slash'],
    ['%_\\', '\\%\\_\\\\'],
    ['', ''],
    ['café ☕ 50', 'café ☕ 50'],
  ])('%j → %j', (text, escaped) => expect(likeLiteral(text)).toBe(escaped));

  describe('in PostgreSQL', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({});
    });
    afterAll(() => database.close());

    const matches = async (value: string, pattern: string) => {
      const [row] = await database.rows<{ plain: boolean; escaped: boolean; insensitive: boolean }>(sql`
        SELECT ${value}::text LIKE ${pattern}::text AS plain,
               ${value}::text LIKE ${pattern}::text ESCAPE '\\' AS escaped,
               ${value}::text ILIKE ${pattern}::text AS insensitive`);
      return row!;
    };

    it('the escaped text, as a whole or inside %…%, matches itself and never what its wildcards would have matched', async () => {
      expect(await matches('100%', likeLiteral('100%'))).toEqual({ plain: true, escaped: true, insensitive: true });
      expect(await matches('1000', likeLiteral('100%'))).toEqual({ plain: false, escaped: false, insensitive: false });
      expect(await matches('underXscore', likeLiteral('under_score'))).toEqual({ plain: false, escaped: false, insensitive: false });
      expect(await matches('a\\b', likeLiteral('a\\b'))).toEqual({ plain: true, escaped: true, insensitive: true });
      expect(await matches('Rent share 100% paid', `%${likeLiteral('share 100%')}%`)).toEqual({ plain: true, escaped: true, insensitive: true });
      expect(await matches('RENT_SHARE', `%${likeLiteral('rent_share')}%`)).toEqual({ plain: false, escaped: false, insensitive: true });
    });

    it('any text matches its own escaped pattern, and any other text does not', async () => {
      const text = fc.string({ unit: fc.constantFrom('a', 'b', '%', '_', '\\', ' '), minLength: 1, maxLength: 8 });
      await fc.assert(
        fc.asyncProperty(text, text, async (a, b) => {
          expect((await matches(a, likeLiteral(a))).escaped).toBe(true);
          expect((await matches(b, likeLiteral(a))).plain).toBe(a === b);
        }),
        { numRuns: 200 },
      );
    });
  });
});
