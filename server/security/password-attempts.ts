import { isIPv6 } from 'node:net';
import type { Db } from '../db/database';
import { normalizeEmail } from '../../domain/rules/account-rules';
import { clearScope, LIMITS, type Counter } from './rate-limit';

/**
 * Who a password guess is counted against. Every place that checks a user's password — sign-in, change-password's
 * current password, and the step-up (`current_password`) before an email, bank or payout change or closing the
 * account — counts a wrong one with these counters, before hashing (server/security/enforce-limit.ts), and gives
 * the attempt back (`release`) when the password was right:
 *
 * - per account *and* client address, 10 in 15 minutes: the lock-out applies where the guesses come from, so a
 *   stranger elsewhere cannot lock the owner out of their own account (issue 21);
 * - per client address across accounts, 50 in 15 minutes: password spraying from one place.
 *
 * An IPv6 client is counted by its /64 network: one subscriber gets a whole /64, so counting single addresses would
 * give them 2^64 fresh tries.
 */
export function passwordAttemptCounters(email: string, clientAddress: string): Counter[] {
  const address = addressKey(clientAddress);
  return [
    { limit: LIMITS.loginPerAccountAndAddress, scope: normalizeEmail(email), subject: address },
    { limit: LIMITS.loginPerIp, subject: address },
  ];
}

/** A password reset proves the mailbox: every address's lock-out of the account is lifted. */
export function clearPasswordLockOuts(db: Db, email: string): Promise<void> {
  return clearScope(db, LIMITS.loginPerAccountAndAddress, normalizeEmail(email));
}

/** The client address as counted: IPv4 as is, IPv6 by its first four groups (the /64). */
export function addressKey(clientAddress: string): string {
  const address = clientAddress.startsWith('::ffff:') && !clientAddress.slice(7).includes(':') ? clientAddress.slice(7) : clientAddress;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
