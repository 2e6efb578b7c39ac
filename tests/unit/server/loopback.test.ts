import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../../server/http/loopback';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.255.3.4', '127.0.0.0', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3', '::ffff:7f00:1'])(
    '%s is loopback',
    (address) => expect(isLoopbackAddress(address)).toBe(true),
  );

  it.each([
    '203.0.113.7',
    '128.0.0.1',
    '126.255.255.255',
    '10.0.0.1',
    '0.0.0.0',
    '::',
    '::2',
    '::ffff:10.0.0.1',
    '::ffff:203.0.113.7',
    'fe80::1',
    '127.0.0.1.example.com',
    'localhost',
    '',
    undefined,
  ])('%s is not loopback', (address) => expect(isLoopbackAddress(address)).toBe(false));
});
