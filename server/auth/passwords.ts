import { randomBytes } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Password hashing: argon2id with m=19456 KiB, t=2, p=1 (design.md §6; OWASP's minimum for argon2id).
 * ≈ 20 ms a verify on the CI machine, which is why every caller rate-limits before calling these.
 */
const ARGON2_OPTIONS: Options = {
  // `Algorithm` is a const enum the isolated-modules build cannot read; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Every verify is published on this diagnostics channel with the cost parameters of the hash it runs against
 * (`argon2id$v=19$m=19456,t=2,p=1`: never the salt or the hash). A sign-in's cost is its verifies, so what the
 * answer's timing could tell is seen here without a clock: tests subscribe to prove that an unknown email costs one
 * verify at a real hash's parameters and that a refused attempt costs none; an operator's tracer may do the same.
 * Publishing costs nothing when no one subscribes.
 */
export const PASSWORD_VERIFY_CHANNEL = 'tipjar:password-verify';
const verifies = channel(PASSWORD_VERIFY_CHANNEL);

/** The algorithm, version and cost of a PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
function hashCost(passwordHash: string): string {
  return passwordHash.split('$').slice(1, 4).join('$');
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (verifies.hasSubscribers) verifies.publish({ cost: hashCost(passwordHash) });
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password with the same parameters: an unknown email is verified against it, so that it costs
 * the same time as a wrong password and the answer's timing does not tell which emails have accounts.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hash(randomBytes(16).toString('base64'), ARGON2_OPTIONS);
  return dummy;
}
