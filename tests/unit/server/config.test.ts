import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

describe('configuration from the environment', () => {
  it('defaults to port 3000 and PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.devFeatures).toBe(true);
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
});
