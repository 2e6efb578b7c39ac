import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { media, mediaRenditions } from '../db/schema/index';
import type { Clock } from '../clock';
import type { MediaStorage } from '../providers/media-storage';

/**
 * How old a stored file must be before the sweep may call it an orphan. An upload writes its bytes first and its
 * `media` row after (media/service.ts): a file younger than this may be one whose row is a moment away. A day is far
 * beyond any upload; an orphan costs only its bytes meanwhile (nothing refers to it, so nothing serves it).
 */
const ORPHAN_GRACE_MS = 24 * 60 * 60_000;

/** Keys looked up in the database at a time. */
const BATCH = 500;

export interface SweepReport {
  /** Files older than the grace period that were looked at. */
  checked: number;
  /** Of those, the ones no `media` or `media_renditions` row names, removed. */
  removed: number;
}

/**
 * Removes what a failed upload can leave behind that the upload itself could not clean up: a file whose process died
 * between writing its bytes and inserting its row, or a temporary a process died writing (disk). A refused or broken
 * upload removes its own bytes at once (docs/deploy.md, "Media on object storage"); this is for crashes.
 */
export async function sweepMediaOrphans(deps: { db: Db; storage: MediaStorage; clock: Clock; graceMs?: number }): Promise<SweepReport> {
  const cutoff = new Date(deps.clock.now().getTime() - (deps.graceMs ?? ORPHAN_GRACE_MS));
  const report: SweepReport = { checked: 0, removed: 0 };
  let batch: string[] = [];
  const settle = async () => {
    const keys = batch;
    batch = [];
    if (keys.length === 0) return;
    // An upload's file is named by its `media` row; a resized profile picture's by its `media_renditions` row
    // (server/media/renditions.ts).
    const uploads = await deps.db.select({ key: media.storageKey }).from(media).where(inArray(media.storageKey, keys));
    const renditions = await deps.db
      .select({ key: mediaRenditions.storageKey })
      .from(mediaRenditions)
      .where(inArray(mediaRenditions.storageKey, keys));
    const referenced = new Set([...uploads, ...renditions].map((row) => row.key));
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await deps.storage.remove(key);
      report.removed += 1;
    }
  };
  for await (const key of deps.storage.storedBefore(cutoff)) {
    report.checked += 1;
    batch.push(key);
    if (batch.length >= BATCH) await settle();
  }
  await settle();
  return report;
}

export interface MediaSweeper {
  stop(): Promise<void>;
}

/**
 * Sweeps every `intervalMs` (an hour by default) until stopped. Every instance may sweep: removing an orphan twice is
 * harmless, and a referenced file is never removed whoever sweeps.
 */
export function startMediaSweep(
  deps: { db: Db; storage: MediaStorage; clock: Clock },
  intervalMs = 60 * 60_000,
  onError: (error: unknown) => void = console.error,
): MediaSweeper {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= sweepMediaOrphans(deps)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
