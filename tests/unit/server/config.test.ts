import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, SETTING_NAMES } from '../../../server/config';

describe('configuration from the environment', () => {
  it('defaults to port 3000 and PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.devFeatures).toBe(true);
  });

  it('listens on loopback outside production unless HOST says otherwise; production keeps every interface', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db', NODE_ENV: 'production' });
    expect(config).toMatchObject({ port: 4100, dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/db', devFeatures: false });
  });

  it('stops with one line naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('chat widget and session recording are off unless configured', () => {
    const config = loadConfig({});
    expect(config.chatWidgetUrl).toBeUndefined();
    expect(config.sessionRecordingUrl).toBeUndefined();
  });

  it('reads the widget script URLs; production insists on https', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      CHAT_WIDGET_URL: 'https://chat.vendor.example/loader.js?key=1',
      SESSION_RECORDING_URL: 'https://cdn.recorder.example/r.js',
    });
    expect(config).toMatchObject({
      chatWidgetUrl: 'https://chat.vendor.example/loader.js?key=1',
      sessionRecordingUrl: 'https://cdn.recorder.example/r.js',
    });
    expect(() => loadConfig({ NODE_ENV: 'production', CHAT_WIDGET_URL: 'http://chat.vendor.example/l.js' })).toThrow(
      /CHAT_WIDGET_URL must be an https URL/,
    );
    // A local stand-in is fine while developing.
    expect(loadConfig({ SESSION_RECORDING_URL: 'http://127.0.0.1:9000/r.js' }).sessionRecordingUrl).toBe('http://127.0.0.1:9000/r.js');
    expect(() => loadConfig({ SESSION_RECORDING_URL: 'cdn.recorder.example/r.js' })).toThrow(/SESSION_RECORDING_URL/);
    expect(() => loadConfig({ CHAT_WIDGET_URL: 'javascript:alert(1)' })).toThrow(/CHAT_WIDGET_URL/);
  });

  it('turns the flow explorer on outside production, and in production only with FLOW_EXPLORER=on', () => {
    expect(loadConfig({}).flowExplorer).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).flowExplorer).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).flowExplorer).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', FLOW_EXPLORER: 'on' }).flowExplorer).toBe(true);
    expect(loadConfig({ FLOW_EXPLORER: 'off' }).flowExplorer).toBe(false);
    expect(() => loadConfig({ FLOW_EXPLORER: 'yes' })).toThrow(/FLOW_EXPLORER/);
  });

  it('names the variable and the expectation in one line, never echoing a password', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('Invalid configuration: PORT must be a port number (0-65535) (got "eighty")');
    expect(() => loadConfig({ NODE_ENV: 'prod' })).toThrow(/^Invalid configuration: NODE_ENV must be production, development or test/);
    const bad = () => loadConfig({ DATABASE_URL: 'mysql://admin:hunter22@db.internal/tipjar' });
    expect(bad).toThrow('Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(bad).not.toThrow(/hunter22/);
    expect(() => loadConfig({ SMTP_URL: 'http://u:mailpass@x' })).not.toThrow(/mailpass/);
    for (const [name, value] of [['METRICS_PORT', 'x'], ['DB_POOL_SIZE', '0'], ['JOB_INTERVAL_MS', '10'], ['DEV_FEATURES', 'yes'], ['TRUST_PROXY', '-1']]) {
      expect(() => loadConfig({ [name!]: value }), name).toThrow(new RegExp(`^Invalid configuration: ${name} `));
    }
  });

  it('production refuses the development-only features; they can be turned off elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_FEATURES: 'true' })).toThrow(
      'Invalid configuration: DEV_FEATURES=true is refused in production (dev outbox, test clock)',
    );
    expect(loadConfig({ NODE_ENV: 'production', DEV_FEATURES: 'false' }).devFeatures).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_FEATURES: 'false' }).devFeatures).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devFeatures).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_FEATURES: 'true', HOST: '127.0.0.1' })).toThrow(ConfigError);
  });

  it('metrics are off unless METRICS_PORT is set, on loopback by default, never on the app port', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(() => loadConfig({ PORT: '4000', METRICS_PORT: '4000' })).toThrow(/METRICS_PORT/);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });

  it('pool size and job interval have defaults and bounds', () => {
    expect(loadConfig({})).toMatchObject({ dbPoolSize: 10, jobIntervalMs: 5000 });
    expect(loadConfig({ DB_POOL_SIZE: '25', JOB_INTERVAL_MS: '200' })).toMatchObject({ dbPoolSize: 25, jobIntervalMs: 200 });
    expect(() => loadConfig({ DB_POOL_SIZE: '500' })).toThrow(/DB_POOL_SIZE/);
  });

  it('WEB_CONCURRENCY: one process by default, up to 64 on PostgreSQL, refused with PGlite in one line', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/tipjar' }).webConcurrency).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      'Invalid configuration: WEB_CONCURRENCY=2 needs DATABASE_URL (PGlite\'s directory is one process\'s)',
    );
    for (const bad of ['0', '65', 'x', '-1', '2.5']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad, DATABASE_URL: 'postgres://db/tipjar' }), bad).toThrow(/^Invalid configuration: WEB_CONCURRENCY/);
    }
  });

  it('MEDIA_STORAGE: disk by default; s3 needs S3_BUCKET; bad values stop the start in one line', () => {
    expect(loadConfig({})).toMatchObject({ mediaStorage: 'disk', s3Bucket: undefined });
    expect(loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'tipjar-media' })).toMatchObject({ mediaStorage: 's3', s3Bucket: 'tipjar-media' });
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow('Invalid configuration: MEDIA_STORAGE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ MEDIA_STORAGE: 'gcs' })).toThrow('Invalid configuration: MEDIA_STORAGE must be disk or s3 (got "gcs")');
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'Has_Upper' })).toThrow(/^Invalid configuration: S3_BUCKET must be an S3 bucket name/);
  });

  it('docs/configuration.md lists every variable the server reads, and nothing outside config.ts reads the environment', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/configuration.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]).filter((n) => n !== 'TEST_DATABASE_URL');
    expect(documented.sort()).toEqual([...SETTING_NAMES]);
    expect(SETTING_NAMES.length).toBeGreaterThanOrEqual(17);
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.endsWith('server/config.ts') && readFileSync(path, 'utf8').includes('process.env')) readers.push(path);
      }
    };
    walk(join(__dirname, '../../../server'));
    expect(readers).toEqual([]);
  });
});
