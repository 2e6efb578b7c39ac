import { type } from 'arktype';
import { resolveFromRoot } from './paths';

/**
 * Every setting read and validated once at start. A bad value stops the start with one line naming the variable.
 */
const Env = type({
  'NODE_ENV?': "'production' | 'development' | 'test'",
  'PORT?': /^\d{1,5}$/,
  'HOST?': 'string > 0',
  'DATA_DIR?': 'string > 0',
  'DATABASE_URL?': /^postgres(ql)?:\/\/.+/,
  'LOG_LEVEL?': "'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'",
  'PUBLIC_URL?': /^https?:\/\/[^/?#\s]+$/,
  'SMTP_URL?': /^smtps?:\/\/.+/,
  'MAIL_FROM?': 'string > 0',
  'TRUST_PROXY?': /^\d{1,2}$/,
  'MEDIA_DIR?': 'string > 0',
  'MEDIA_STORAGE?': "'disk' | 's3'",
  'S3_BUCKET?': /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
  'CHAT_WIDGET_URL?': 'string > 0',
  'SESSION_RECORDING_URL?': 'string > 0',
  'DEV_FEATURES?': "'true' | 'false'",
  'METRICS_PORT?': /^\d{1,5}$/,
  'METRICS_HOST?': 'string > 0',
  'DB_POOL_SIZE?': /^\d{1,3}$/,
  'WEB_CONCURRENCY?': /^\d{1,2}$/,
  'JOB_INTERVAL_MS?': /^\d{1,7}$/,
  'JOB_WAKE?': "'on' | 'off'",
  'FLOW_EXPLORER?': "'on' | 'off'",
});

/** What each variable must look like, in the one line that stops a bad start. */
const EXPECTED: Record<string, string> = {
  NODE_ENV: 'production, development or test',
  PORT: 'a port number (0-65535)',
  METRICS_PORT: 'a port number (0-65535)',
  DATABASE_URL: 'a postgres:// or postgresql:// URL',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent',
  PUBLIC_URL: 'an http(s) origin without a path, e.g. https://tipjar.example',
  SMTP_URL: 'an smtp:// or smtps:// URL',
  TRUST_PROXY: 'a number of proxy hops (0-99)',
  DEV_FEATURES: 'true or false',
  DB_POOL_SIZE: 'a number of connections (1-200)',
  WEB_CONCURRENCY: 'a number of server processes (1-64)',
  JOB_INTERVAL_MS: 'a number of milliseconds (at least 50)',
  JOB_WAKE: 'on or off',
  FLOW_EXPLORER: 'on or off',
  MEDIA_STORAGE: 'disk or s3',
  S3_BUCKET: 'an S3 bucket name (3-63 lower-case letters, digits, dots and hyphens)',
};
const SECRET_SETTINGS = new Set(['DATABASE_URL', 'SMTP_URL']);

/** Every variable the server reads, derived from the type above (docs/configuration.md must list each). */
export const SETTING_NAMES: readonly string[] = Env.props.map((p) => p.key as string).sort();

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** PGlite's directory when no DATABASE_URL is given. */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Dev-only features (outbox, test clock): on by default outside production, refused in production. */
  devFeatures: boolean;
  /** Port of the separate Prometheus listener (`GET /metrics`); undefined = no metrics endpoint at all. */
  metricsPort: number | undefined;
  /** Address the metrics listener binds to: loopback unless an operator opens it to the scraper's network. */
  metricsHost: string;
  /** PostgreSQL connections per process (DATABASE_URL only). */
  dbPoolSize: number;
  /**
   * Server processes sharing the port (node:cluster; server/cluster.ts): one per core lets the API use them all.
   * More than 1 only on PostgreSQL — PGlite's directory is one process's.
   */
  webConcurrency: number;
  /** How often the background job runner looks for due jobs. */
  jobIntervalMs: number;
  /**
   * Whether a job queued to run now wakes the runners at once (PostgreSQL LISTEN/NOTIFY, PGlite's own); off = the
   * poll alone. Off behind a pooler in transaction mode, where a LISTEN cannot keep its session.
   */
  jobWake: boolean;
  /**
   * Where users reach the app (scheme and host, no path): the origin of links in emails. Never taken from the
   * request's Host header, which a caller controls (a forged Host would mail reset links to another site).
   */
  publicUrl: string;
  /** smtp(s)://… to send email through; without it emails go to the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How many proxy hops to trust for the client address and protocol (X-Forwarded-*); 0 = none. */
  trustProxyHops: number;
  /** Where uploaded photos and videos are stored (MEDIA_DIR); undefined = DATA_DIR/media. */
  mediaDir: string | undefined;
  /**
   * Where media live: `disk` (MEDIA_DIR, one machine or a shared volume) or `s3` (the S3_BUCKET bucket of an
   * S3-compatible store, reached with the AWS SDK's own settings: AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID,
   * AWS_SECRET_ACCESS_KEY).
   */
  mediaStorage: 'disk' | 's3';
  /** The bucket media are kept in (MEDIA_STORAGE=s3 only). */
  s3Bucket: string | undefined;
  /** The customer-chat widget's script; when unset there is no widget and the CSP allows none. */
  chatWidgetUrl: string | undefined;
  /** The session-recording script; when unset nothing is recorded and the CSP allows none. */
  sessionRecordingUrl: string | undefined;
  /**
   * The /flows explorer (issue 9): every machine's diagram, stepping and test paths — a tool for reviewers, with
   * no user data. On outside production; in production only with FLOW_EXPLORER=on.
   */
  flowExplorer: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    SETTING_NAMES
      .filter((k) => source[k] !== undefined && source[k] !== '')
      .map((k) => [k, source[k]]),
  );
  const out = Env(picked);
  if (out instanceof type.errors) {
    const name = String(out[0]!.path[0] ?? '');
    // Values that can hold a password are never echoed: this line ends up in logs.
    const shown = SECRET_SETTINGS.has(name) ? '' : ` (got ${JSON.stringify(source[name])})`;
    throw new ConfigError(`Invalid configuration: ${name} must be ${EXPECTED[name] ?? out[0]!.expected}${shown}`);
  }
  const env = out.NODE_ENV ?? 'development';
  const port = out.PORT === undefined ? 3000 : Number(out.PORT);
  if (port < 0 || port > 65535) throw new ConfigError(`Invalid configuration: PORT must be between 0 and 65535`);
  const metricsPort = out.METRICS_PORT === undefined ? undefined : Number(out.METRICS_PORT);
  if (metricsPort !== undefined && (metricsPort > 65535 || (metricsPort === port && port !== 0))) {
    throw new ConfigError(`Invalid configuration: METRICS_PORT must be between 0 and 65535 and differ from PORT`);
  }
  // Production must never expose the outbox (codes and reset links) or let anyone move the clock.
  if (env === 'production' && out.DEV_FEATURES === 'true') {
    throw new ConfigError(`Invalid configuration: DEV_FEATURES=true is refused in production (dev outbox, test clock)`);
  }
  const dbPoolSize = out.DB_POOL_SIZE === undefined ? 10 : Number(out.DB_POOL_SIZE);
  if (dbPoolSize < 1 || dbPoolSize > 200) throw new ConfigError(`Invalid configuration: DB_POOL_SIZE must be between 1 and 200`);
  const webConcurrency = out.WEB_CONCURRENCY === undefined ? 1 : Number(out.WEB_CONCURRENCY);
  if (webConcurrency < 1 || webConcurrency > 64) throw new ConfigError(`Invalid configuration: WEB_CONCURRENCY must be between 1 and 64`);
  if (webConcurrency > 1 && !out.DATABASE_URL) {
    throw new ConfigError(`Invalid configuration: WEB_CONCURRENCY=${webConcurrency} needs DATABASE_URL (PGlite's directory is one process's)`);
  }
  const mediaStorage = out.MEDIA_STORAGE ?? 'disk';
  if (mediaStorage === 's3' && !out.S3_BUCKET) throw new ConfigError(`Invalid configuration: MEDIA_STORAGE=s3 needs S3_BUCKET`);
  const jobIntervalMs = out.JOB_INTERVAL_MS === undefined ? 5_000 : Number(out.JOB_INTERVAL_MS);
  if (jobIntervalMs < 50) throw new ConfigError(`Invalid configuration: JOB_INTERVAL_MS must be at least 50`);
  return {
    env,
    port,
    // Outside production the server has development tools and sandbox money: it listens on this machine only unless
    // HOST opens it on purpose. Production serves the world (behind its proxy), so it keeps every interface.
    host: out.HOST ?? (env === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: resolveFromRoot(out.DATA_DIR ?? 'data'),
    databaseUrl: out.DATABASE_URL,
    logLevel: out.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
    devFeatures: env !== 'production' && out.DEV_FEATURES !== 'false',
    metricsPort,
    metricsHost: out.METRICS_HOST ?? '127.0.0.1',
    dbPoolSize,
    webConcurrency,
    jobIntervalMs,
    jobWake: out.JOB_WAKE !== 'off',
    publicUrl: out.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: out.SMTP_URL,
    mailFrom: out.MAIL_FROM ?? 'Tipjar <no-reply@tipjar.example>',
    trustProxyHops: out.TRUST_PROXY === undefined ? 0 : Number(out.TRUST_PROXY),
    mediaDir: out.MEDIA_DIR === undefined ? undefined : resolveFromRoot(out.MEDIA_DIR),
    mediaStorage,
    s3Bucket: out.S3_BUCKET,
    chatWidgetUrl: scriptUrl('CHAT_WIDGET_URL', out.CHAT_WIDGET_URL, env),
    sessionRecordingUrl: scriptUrl('SESSION_RECORDING_URL', out.SESSION_RECORDING_URL, env),
    flowExplorer: out.FLOW_EXPLORER === undefined ? env !== 'production' : out.FLOW_EXPLORER === 'on',
  };
}

/**
 * A third-party script the page loads and the CSP allows: an absolute URL, https in production (a script over
 * plain http could be rewritten on the way and would run with the page's full access to the user's money).
 */
function scriptUrl(name: string, value: string | undefined, env: Config['env']): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`Invalid configuration: ${name} must be an absolute URL`);
  }
  const allowed = env === 'production' ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol)) {
    throw new ConfigError(`Invalid configuration: ${name} must be an ${env === 'production' ? 'https' : 'http(s)'} URL`);
  }
  return url.href;
}
