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
  'CHAT_WIDGET_URL?': 'string > 0',
  'SESSION_RECORDING_URL?': 'string > 0',
});

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** PGlite's directory when no DATABASE_URL is given. */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Dev-only features (outbox, test clock) exist only outside production. */
  devFeatures: boolean;
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
  /** The customer-chat widget's script; when unset there is no widget and the CSP allows none. */
  chatWidgetUrl: string | undefined;
  /** The session-recording script; when unset nothing is recorded and the CSP allows none. */
  sessionRecordingUrl: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    ['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'LOG_LEVEL', 'PUBLIC_URL', 'SMTP_URL', 'MAIL_FROM', 'TRUST_PROXY', 'CHAT_WIDGET_URL', 'SESSION_RECORDING_URL']
      .filter((k) => source[k] !== undefined && source[k] !== '')
      .map((k) => [k, source[k]]),
  );
  const out = Env(picked);
  if (out instanceof type.errors) {
    const first = out[0]!;
    throw new ConfigError(`Invalid configuration: ${String(first.path[0] ?? '')} ${first.problem}`);
  }
  const env = out.NODE_ENV ?? 'development';
  const port = out.PORT === undefined ? 3000 : Number(out.PORT);
  if (port < 0 || port > 65535) throw new ConfigError(`Invalid configuration: PORT must be between 0 and 65535`);
  return {
    env,
    port,
    host: out.HOST ?? '0.0.0.0',
    dataDir: resolveFromRoot(out.DATA_DIR ?? 'data'),
    databaseUrl: out.DATABASE_URL,
    logLevel: out.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
    devFeatures: env !== 'production',
    publicUrl: out.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: out.SMTP_URL,
    mailFrom: out.MAIL_FROM ?? 'Tipjar <no-reply@tipjar.example>',
    trustProxyHops: out.TRUST_PROXY === undefined ? 0 : Number(out.TRUST_PROXY),
    chatWidgetUrl: scriptUrl('CHAT_WIDGET_URL', out.CHAT_WIDGET_URL, env),
    sessionRecordingUrl: scriptUrl('SESSION_RECORDING_URL', out.SESSION_RECORDING_URL, env),
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
