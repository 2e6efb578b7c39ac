import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema/index';
import { migrate, MigrationDriftError, migrationsAreCurrent, readMigrations } from '../../server/db/migrate';
import { databaseKinds, type FreshDatabase } from '../support/databases';

describe.each(databaseKinds())('database on $name', (kind) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await kind.open();
  });
  afterAll(() => fresh.dispose());

  it('applies every migration once, records it, and is current', async () => {
    const rows = await fresh.database.rows<{ version: string }>(sql`SELECT version FROM schema_migrations ORDER BY version`);
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
    expect(await migrate(fresh.database)).toEqual([]);
    expect(await migrationsAreCurrent(fresh.database)).toBe(true);
  });

  it('refuses to run when an applied migration was edited', async () => {
    const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'edited' } : m));
    await expect(migrate(fresh.database, edited)).rejects.toBeInstanceOf(MigrationDriftError);
  });

  it('reports pending migrations as not current', async () => {
    const withPending = [...readMigrations(), { version: '9999_future', checksum: 'x', statements: ['SELECT 1'] }];
    expect(await migrationsAreCurrent(fresh.database, withPending)).toBe(false);
  });

  it('the Drizzle schema matches the tables the migrations made (no drift between the two)', async () => {
    const tables = Object.values(schema).filter((t) => t instanceof PgTable) as PgTable[];
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const config = getTableConfig(table);
      const columns = await fresh.database.rows<{ column_name: string; is_nullable: string }>(
        sql`SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${config.name}`,
      );
      const inDb = new Map(columns.map((c) => [c.column_name, c.is_nullable === 'YES']));
      const inSchema = new Map(config.columns.map((c) => [c.name, !c.notNull]));
      expect(new Map([...inDb].sort()), `table ${config.name}`).toEqual(new Map([...inSchema].sort()));
    }
  });

  it('drizzle queries run on this driver', async () => {
    const [row] = await fresh.database.db.select().from(schema.devClock);
    expect(row?.offsetMs).toBe(0);
  });
});
