import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { devClock } from '../db/schema/index';

/** The shared test-clock offset (migration 0001's one `dev_clock` row). Used outside production only. */
export async function readDevClockOffset(db: Db): Promise<number> {
  const [row] = await db.select({ offsetMs: devClock.offsetMs }).from(devClock).where(eq(devClock.id, 1)).limit(1);
  return row?.offsetMs ?? 0;
}

export async function writeDevClockOffset(db: Db, offsetMs: number): Promise<void> {
  await db
    .insert(devClock)
    .values({ id: 1, offsetMs, updatedAt: new Date() })
    .onConflictDoUpdate({ target: devClock.id, set: { offsetMs, updatedAt: new Date() } });
}
