import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeHash, judgeCode, lockedAfterWrongTry, newCode } from '../../../server/security/one-time-code';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const NOW = new Date('2026-11-26T12:00:00Z');
const LATER = new Date('2026-11-26T12:15:00Z');
const USER = '00000000-0000-4000-8000-00000000000a';

describe('one-time codes (email and phone alike)', () => {
  it('are six random digits, leading zeros kept', () => {
    const codes = Array.from({ length: 500 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/u);
    expect(new Set(codes).size).toBeGreaterThan(450);
  });

  it("hash user and code (an email's, as always) or user, number and code (a phone's)", () => {
    expect(codeHash(USER, null, '012345')).toBe(sha256(`${USER}:012345`));
    expect(codeHash(USER, '+15551234567', '012345')).toBe(sha256(`${USER}:+15551234567:012345`));
    // A code proves one number: the same digits for another number are another hash.
    expect(codeHash(USER, '+15551234567', '012345')).not.toBe(codeHash(USER, '+15557654321', '012345'));
  });

  describe('are judged in one order', () => {
    const right = codeHash(USER, null, '111111');
    const wrong = codeHash(USER, null, '222222');
    const live = { codeHash: right, failedAttempts: 0, expiresAt: LATER, spentAt: null };

    it('right or wrong while live', () => {
      expect(judgeCode(live, right, NOW, 5)).toEqual({ kind: 'right' });
      expect(judgeCode(live, wrong, NOW, 5)).toEqual({ kind: 'wrong' });
      // Not a hash at all (an email code typed for another address): wrong, not an error.
      expect(judgeCode(live, '', NOW, 5)).toEqual({ kind: 'wrong' });
    });

    it('spent first: a retried right code is told apart from another', () => {
      const spent = { ...live, spentAt: NOW, failedAttempts: 5, expiresAt: NOW };
      expect(judgeCode(spent, right, LATER, 5)).toEqual({ kind: 'spent', right: true });
      expect(judgeCode(spent, wrong, LATER, 5)).toEqual({ kind: 'spent', right: false });
    });

    it('then dead after the tries, then expired — even when right', () => {
      expect(judgeCode({ ...live, failedAttempts: 5, expiresAt: NOW }, right, LATER, 5)).toEqual({ kind: 'locked' });
      expect(judgeCode({ ...live, failedAttempts: 4 }, right, NOW, 5)).toEqual({ kind: 'right' });
      expect(judgeCode(live, right, LATER, 5)).toEqual({ kind: 'expired' });
      expect(judgeCode(live, right, new Date(LATER.getTime() - 1), 5)).toEqual({ kind: 'right' });
    });
  });

  it('are dead once a wrong try reaches the limit, or when another request counted the last one', () => {
    expect(lockedAfterWrongTry({ failedAttempts: 4 }, 5)).toBe(false);
    expect(lockedAfterWrongTry({ failedAttempts: 5 }, 5)).toBe(true);
    expect(lockedAfterWrongTry(undefined, 5)).toBe(true);
  });
});
