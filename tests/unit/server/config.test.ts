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
});
