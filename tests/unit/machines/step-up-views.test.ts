import { describe, expect, it } from 'vitest';
import { accountInfoView } from '../../../machines/account-info.view';
import { needsPassword, type AccountInfoContext } from '../../../machines/account-info.machine';
import { apiFailure } from '../../../machines/forms/api-failure';
import { passwordOf, passwordRefusal, refusedPassword } from '../../../machines/forms/step-up';
import { destinationChoices, notOpenYet, stillClosedUntil } from '../../../machines/withdraw.view';
import type { WithdrawSetup } from '../../../machines/withdraw.machine';

const stored = { fullName: 'Marta Lopez', username: 'marta', country: 'ES', email: 'marta@example.com' };
const context = (over: Partial<AccountInfoContext> = {}): AccountInfoContext => ({
  userId: 'u-1',
  phoneNumber: null,
  values: stored,
  stored,
  errors: {},
  message: null,
  passwordError: null,
  pendingEmail: null,
  digits: ['', '', '', '', '', ''],
  codeError: null,
  resent: false,
  ...over,
});

describe('step-up (issue 21)', () => {
  it('reads the refusal under the field from the errors[] entry that names current_password, else the detail', () => {
    const wrong = apiFailure(403, { code: 'wrong_password', detail: 'Detail', errors: [{ field: 'body.current_password', message: 'La contraseña no es correcta.' }] });
    expect(refusedPassword(wrong)).toBe(true);
    expect(passwordRefusal(wrong)).toEqual({ text: 'La contraseña no es correcta.' });
    const missing = apiFailure(403, { code: 'reauthentication_required', detail: 'Enter your current password to continue.' });
    expect(refusedPassword(missing)).toBe(true);
    expect(passwordRefusal(missing)).toEqual({ text: 'Enter your current password to continue.' });
    expect(refusedPassword(apiFailure(403, { code: 'set_up_required' }))).toBe(false);
    expect(refusedPassword(new Error('Failed to fetch'))).toBe(false);
  });

  it('takes the password only from the dialog event', () => {
    expect(passwordOf({ type: 'PASSWORD_SUBMIT', password: 'pw-1' } as never)).toBe('pw-1');
    expect(passwordOf({ type: 'SUBMIT' })).toBe('');
  });
});

describe('account info view-model', () => {
  it('asks for the password only when the email, the public name or the username changes', () => {
    expect(needsPassword(stored, stored)).toBe(false);
    expect(needsPassword({ ...stored, country: 'PT' }, stored)).toBe(false);
    expect(needsPassword({ ...stored, username: 'marta2' }, stored)).toBe(true);
    // The same username in other letter case keeps the same pay page link.
    expect(needsPassword({ ...stored, username: stored.username.toUpperCase() }, stored)).toBe(false);
    expect(needsPassword({ ...stored, fullName: 'Marta L.' }, stored)).toBe(true);
    expect(needsPassword({ ...stored, email: 'marta@new.example.com' }, stored)).toBe(true);
    // The same address in other case or with spaces is not a change.
    expect(needsPassword({ ...stored, email: ' Marta@Example.com ' }, stored)).toBe(false);
  });

  it('keeps the dialog open, busy, while the save it started runs; not for a save that needed none', () => {
    expect(accountInfoView({ value: 'confirmingPassword', context: context() }).passwordDialog).toEqual({ open: true, busy: false, error: null });
    const renamed = context({ values: { ...stored, fullName: 'Marta L.' } });
    expect(accountInfoView({ value: 'saving', context: renamed }).passwordDialog).toEqual({ open: true, busy: true, error: null });
    expect(accountInfoView({ value: 'saving', context: context() }).passwordDialog.open).toBe(false);
    expect(accountInfoView({ value: 'editing', context: renamed }).passwordDialog.open).toBe(false);
  });

  it('shows the pending email with the current one until verified', () => {
    expect(accountInfoView({ value: 'editing', context: context() }).pendingEmail).toBeNull();
    const pending = accountInfoView({ value: 'verifyingCode', context: context({ pendingEmail: 'marta@new.example.com', resent: true }) }).pendingEmail;
    expect(pending).toEqual({
      email: 'marta@new.example.com',
      currentEmail: 'marta@example.com',
      digits: ['', '', '', '', '', ''],
      error: null,
      resent: true,
      verifying: true,
      resending: false,
    });
  });
});

describe('withdraw view-model: the 24-hour notice', () => {
  const setup: WithdrawSetup = {
    availableCents: 100_00,
    checkedAt: '2026-11-26T14:05:00.000Z',
    bankAccount: { label: 'Banco Estado ····5678', nameMismatch: false, withdrawalsOpenAt: '2026-11-27T14:05:00.000Z' },
    payoutAccount: { label: 'PayWorld a***@example.com', withdrawalsOpenAt: '2026-11-25T09:00:00.000Z' },
  };

  it('lists each destination with when it opens, null once open', () => {
    expect(destinationChoices(setup)).toEqual([
      { destination: 'bank_account', label: 'Banco Estado ····5678', opensAt: '2026-11-27T14:05:00.000Z' },
      { destination: 'payout_account', label: 'PayWorld a***@example.com', opensAt: null },
    ]);
    expect(notOpenYet(setup).map((c) => c.destination)).toEqual(['bank_account']);
  });

  it('is open at the very moment withdrawalsOpenAt is reached', () => {
    const atBoundary = { ...setup, checkedAt: '2026-11-27T14:05:00.000Z' };
    expect(notOpenYet(atBoundary)).toEqual([]);
    const justBefore = { ...setup, checkedAt: '2026-11-27T14:04:59.999Z' };
    expect(notOpenYet(justBefore).map((c) => c.opensAt)).toEqual(['2026-11-27T14:05:00.000Z']);
  });

  it('has nothing to say without a setup or destinations', () => {
    expect(destinationChoices(null)).toEqual([]);
    expect(notOpenYet({ ...setup, bankAccount: null, payoutAccount: null })).toEqual([]);
  });

  it('tells the withdraw-method screen when a destination opens, only while ahead', () => {
    expect(stillClosedUntil('2026-11-27T14:05:00.000Z', '2026-11-26T14:05:00.000Z')).toBe('2026-11-27T14:05:00.000Z');
    expect(stillClosedUntil('2026-11-27T14:05:00.000Z', '2026-11-27T14:05:00.000Z')).toBeNull();
  });
});
