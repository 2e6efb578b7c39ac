import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Password hashing: argon2id with m=19456 KiB, t=2, p=1 (design.md §6; OWASP's minimum for argon2id).
 * ≈ 20 ms a verify on the CI machine, which is why every caller rate-limits before calling these.
 */
export const ARGON2_OPTIONS: Options = {
  // `Algorithm` is a const enum the isolated-modules build cannot read; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
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
