import { describe, expect, it } from 'vitest';
import { htmlContentSecurityPolicy } from '../../../server/security/headers';

/** The page's CSP as a map of directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const CHAT = 'https://chat.vendor.example/widget/loader.js?key=abc';
const RECORDING = 'https://cdn.recorder.example/r.js';

describe('the page CSP and the optional widgets', () => {
  it('without widgets allows scripts and connections from the site only', () => {
    const csp = directives(htmlContentSecurityPolicy('n0nce'));
    expect(csp['script-src']).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['frame-src']).toBeUndefined(); // falls back to default-src 'self'
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });

  it('a configured chat widget adds its origin (never the path) to scripts, connections, frames and images', () => {
    const csp = directives(htmlContentSecurityPolicy('n0nce', { chatWidgetUrl: CHAT }));
    expect(csp['script-src']).toEqual(["'self'", "'nonce-n0nce'", 'https://chat.vendor.example']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://chat.vendor.example']);
    expect(csp['frame-src']).toEqual(['https://chat.vendor.example']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://chat.vendor.example']);
  });

  it('a configured session recorder adds its origin to scripts and connections only', () => {
    const csp = directives(htmlContentSecurityPolicy('n0nce', { sessionRecordingUrl: RECORDING }));
    expect(csp['script-src']).toEqual(["'self'", "'nonce-n0nce'", 'https://cdn.recorder.example']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://cdn.recorder.example']);
    expect(csp['frame-src']).toBeUndefined();
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('both together, an origin shared by both listed once', () => {
    const csp = directives(
      htmlContentSecurityPolicy('n', { chatWidgetUrl: CHAT, sessionRecordingUrl: 'https://chat.vendor.example/rec.js' }),
    );
    expect(csp['script-src']).toEqual(["'self'", "'nonce-n'", 'https://chat.vendor.example']);
  });
});
