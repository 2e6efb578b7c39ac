import pg from 'pg';

/** A channel being listened to; `close` stops it (the connection ends). */
export interface Listener {
  close(): Promise<void>;
}

/** The listener's application_name in pg_stat_activity. */
export const LISTENER_NAME = 'tipjar-job-listener';
const CONNECT_TIMEOUT_MS = 5_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * LISTEN on PostgreSQL through a connection of its own: a pooled connection goes back to the pool between queries,
 * and a LISTEN lives only as long as its session. `onNotify` is called for each notification on `channel`
 * (PostgreSQL delivers a NOTIFY when the transaction that sent it commits, to every session listening, this
 * instance's and the others').
 *
 * A connection that is lost (a database restart, a failover, an operator's pg_terminate_backend) is made again with
 * backoff; after each (re)connection `onNotify` is called once, since notifications sent meanwhile were not heard.
 * The promise resolves after the first attempt, heard or not: a listener that cannot connect yet is no reason to
 * refuse a start (the caller's poll still runs).
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload?: string) => void,
  onError: (error: unknown) => void = () => {},
): Promise<Listener> {
  let closed = false;
  let current: pg.Client | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | null = null;

  const later = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  const connect = async () => {
    // Named, so an operator sees it in pg_stat_activity (and the tests can end it). Keep-alive: a connection that
    // silently died (a network partition) otherwise hears nothing and never says so; a bounded connect never holds up
    // a start or a stop.
    const client = new pg.Client({
      connectionString,
      application_name: LISTENER_NAME,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let lost = false;
    const drop = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      if (closed) return;
      if (error) onError(error);
      client.end().catch(() => {});
      later();
    };
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (closed || lost) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    retryMs = FIRST_RETRY_MS;
    onNotify();
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
