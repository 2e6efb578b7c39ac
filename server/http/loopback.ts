import { BlockList, isIP } from 'node:net';

/**
 * The loopback addresses: 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1, which a
 * dual-stack listener reports for an IPv4 peer). Node's BlockList normalises every spelling of an address.
 */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether a socket's peer address is this machine. Give it `request.socket.remoteAddress` — the TCP peer, which
 * nobody can forge — never `request.ip`, which TRUST_PROXY lets an X-Forwarded-For header choose. Anything that is
 * not an IP address (undefined: a closed socket) is not loopback.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  return LOOPBACK.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
