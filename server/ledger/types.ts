import type { Db } from '../db/database';

/** A Drizzle transaction on either driver. Everything that moves money takes one, never the bare database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
