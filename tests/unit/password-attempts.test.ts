import { describe, expect, it } from 'vitest';
import { addressKey, passwordAttemptCounters } from '../../server/security/password-attempts';

describe('passwordAttemptCounters', () => {
  it('counts per account and address (email normalised) and per address', () => {
    expect(passwordAttemptCounters(' Ana@Example.com ', '10.0.0.1').map((c) => [c.limit.name, c.scope ?? null, c.subject])).toEqual([
      ['login:account-address', 'ana@example.com', '10.0.0.1'],
      ['login:ip', null, '10.0.0.1'],
    ]);
  });

  it('an IPv6 address is counted by its /64; IPv4 (also mapped into IPv6) as is', () => {
    expect(addressKey('2001:db8:0:7::1')).toBe('2001:db8:0:7::/64');
    expect(addressKey('2001:0db8:0000:0007:ffff:1:2:3')).toBe('2001:db8:0:7::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });
});
