import { join } from 'node:path';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { CardProvider } from './card';
import type { UsdtNetwork } from './usdt';
import type { PayoutProvider } from './payouts';
import { LocalDiskMediaStorage, type MediaStorage } from './media-storage';
import { S3MediaStorage } from './s3-media-storage';
import { SandboxStore } from './sandbox/store';
import { SandboxCardProvider } from './sandbox/card';
import { SandboxUsdtNetwork } from './sandbox/usdt';
import { SandboxPayoutProvider } from './sandbox/payouts';

/**
 * The external services money depends on (design.md §5), each behind an interface. Only sandbox implementations
 * exist: they are the default and behave like the providers' test modes. A real provider is a new class behind the
 * same interface, chosen here.
 */
export interface Providers {
  card: CardProvider;
  usdt: UsdtNetwork;
  payouts: PayoutProvider;
  media: MediaStorage;
  /** The sandbox's extra controls (simulating a USDT arrival); absent with real providers. */
  sandbox: { usdt: SandboxUsdtNetwork } | null;
}

/** The providers that move money (what background jobs need). */
export type MoneyProviders = Pick<Providers, 'card' | 'usdt' | 'payouts' | 'sandbox'>;

export function createMoneyProviders(deps: { database: Database; clock: Clock }): MoneyProviders {
  // The sandbox keeps its state in the database, so every instance built on the same database is the same provider.
  const store = new SandboxStore(deps.database.db, deps.clock);
  const usdt = new SandboxUsdtNetwork(store);
  return { card: new SandboxCardProvider(store), usdt, payouts: new SandboxPayoutProvider(store), sandbox: { usdt } };
}

export function createProviders(deps: { database: Database; clock: Clock; mediaDir: string; config?: Pick<Config, 'mediaStorage' | 's3Bucket'> }): Providers {
  return { ...createMoneyProviders(deps), media: createMediaStorage(deps.config, deps.mediaDir) };
}

/** MEDIA_STORAGE: local disk (the embedded default), or an S3 bucket (several machines, no shared volume). */
function createMediaStorage(config: Pick<Config, 'mediaStorage' | 's3Bucket'> | undefined, mediaDir: string): MediaStorage {
  if (config?.mediaStorage === 's3') return new S3MediaStorage(config.s3Bucket!);
  return new LocalDiskMediaStorage(mediaDir);
}

export function mediaDirOf(config: Pick<Config, 'dataDir' | 'mediaDir'>): string {
  return config.mediaDir ?? join(config.dataDir, 'media');
}
