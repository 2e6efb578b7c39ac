import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { sandboxObjects } from '../../db/schema/index';

/**
 * Where the sandbox providers keep what a real provider keeps on its side (tokens, authorisations, transfers,
 * payouts), in the `sandbox_objects` table so that every server process, and a restart, sees the same provider.
 * Each call is its own short statement or transaction — the provider's, never one of ours.
 */
export class SandboxStore {
  constructor(
    private readonly db: Db,
    readonly clock: Clock,
  ) {}

  async get<T extends object>(id: string): Promise<T | undefined> {
    const [row] = await this.db.select().from(sandboxObjects).where(eq(sandboxObjects.id, id));
    return row?.data as T | undefined;
  }

  /** Creates the object unless one with the same kind and idempotency key exists; returns whichever is stored. */
  async create<T extends object>(kind: string, id: string, data: T, idempotencyKey?: string): Promise<{ id: string; data: T }> {
    const now = this.clock.now();
    const [inserted] = await this.db
      .insert(sandboxObjects)
      .values({ id, kind, idempotencyKey: idempotencyKey ?? null, data: data as Record<string, unknown>, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { id: inserted.id, data: inserted.data as T };
    const [existing] = idempotencyKey
      ? await this.db
          .select()
          .from(sandboxObjects)
          .where(and(eq(sandboxObjects.kind, kind), eq(sandboxObjects.idempotencyKey, idempotencyKey)))
      : await this.db.select().from(sandboxObjects).where(eq(sandboxObjects.id, id));
    if (!existing) throw new Error(`sandbox object ${kind}/${idempotencyKey ?? id} vanished`);
    return { id: existing.id, data: existing.data as T };
  }

  /** Reads, changes and writes one object under a row lock (the provider's own consistency). */
  async change<T extends object, R>(id: string, work: (data: T, now: Date) => { data?: T; result: R }): Promise<R | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(sandboxObjects).where(eq(sandboxObjects.id, id)).for('update');
      if (!row) return undefined;
      const now = this.clock.now();
      const { data, result } = work(row.data as T, now);
      if (data) await tx.update(sandboxObjects).set({ data: data as Record<string, unknown>, updatedAt: now }).where(eq(sandboxObjects.id, id));
      return result;
    });
  }
}
