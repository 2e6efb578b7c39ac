import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Tx } from '../ledger/types';
import { bankAccounts, users } from '../db/schema/index';
import { checkRules } from '../problems/check-rules';
import { withdrawalsOpenAt } from './destination-wait';
import { BANK_RULE_VALUES, bankAccountForm, namesMatch, normalizeAccountNumber, type BankAccountInput } from '../../domain/rules/bank-rules';

/**
 * The bank account withdrawals go to (PUT replaces it, GET shows it). Account and id numbers are shown masked: the
 * full values are needed only by the payout provider. `nameMismatch` is the spec's bank info warning: the holder's
 * name differs from the user's full name, and withdrawals are blocked until one of them is corrected.
 */
export type BankAccountRow = typeof bankAccounts.$inferSelect;

function mask(value: string): string {
  const alnum = value.replace(/[^A-Za-z0-9]/g, '');
  return `••••${alnum.slice(-4)}`;
}

function bankAccountView(row: BankAccountRow, fullName: string | null) {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    birthdate: row.birthdate,
    idType: row.idType,
    idNumberMasked: mask(row.idNumber),
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    bankCountry: row.bankCountry,
    bankName: row.bankName,
    accountType: row.accountType,
    accountNumberMasked: mask(row.accountNumber),
    nameMismatch: !namesMatch(row.firstName, row.lastName, fullName),
    updatedAt: row.updatedAt.toISOString(),
    withdrawalsOpenAt: withdrawalsOpenAt(row.destinationChangedAt).toISOString(),
  };
}

/** What the money follows: a change of any of these is a new destination (the 24-hour wait starts again). */
function destinationOf(row: Pick<BankAccountRow, 'firstName' | 'lastName' | 'bankCountry' | 'bankName' | 'accountType' | 'accountNumber'>): string {
  return JSON.stringify([row.firstName, row.lastName, row.bankCountry, row.bankName, row.accountType, row.accountNumber]);
}

async function fullNameOf(db: Db | Tx, userId: string): Promise<string | null> {
  const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return user?.fullName ?? null;
}

export async function getBankAccount(db: Db, userId: string) {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return { bankAccount: row ? bankAccountView(row, await fullNameOf(db, userId)) : null };
}

/**
 * Saves the bank account. `destinationChanged` says whether where the money goes changed (a first account, or
 * another holder, bank, account type or number): then withdrawals to it wait 24 hours again and the owner is told.
 */
export async function putBankAccount(db: Db, userId: string, body: BankAccountInput, now: Date) {
  checkRules(bankAccountForm(now), body, BANK_RULE_VALUES);
  const trim = (s: string | null | undefined) => (s && s.trim() ? s.trim().replace(/\s+/g, ' ') : null);
  const values = {
    firstName: trim(body.firstName)!,
    lastName: trim(body.lastName)!,
    birthdate: body.birthdate,
    idType: body.idType,
    idNumber: body.idNumber.trim().toUpperCase(),
    addressLine1: trim(body.addressLine1)!,
    addressLine2: trim(body.addressLine2),
    city: trim(body.city)!,
    region: trim(body.region),
    postalCode: body.postalCode.trim().toUpperCase(),
    country: body.country,
    bankCountry: body.bankCountry,
    bankName: trim(body.bankName)!,
    accountType: body.accountType,
    accountNumber: normalizeAccountNumber(body.accountNumber),
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    // Locked, so two saves at once compare against what the other wrote.
    const [before] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).for('update');
    const destinationChanged = !before || destinationOf(before) !== destinationOf(values);
    const set = { ...values, destinationChangedAt: destinationChanged ? now : before.destinationChangedAt };
    const [row] = await tx
      .insert(bankAccounts)
      .values({ userId, ...set, createdAt: now })
      .onConflictDoUpdate({ target: bankAccounts.userId, set })
      .returning();
    return { bankAccount: bankAccountView(row!, await fullNameOf(tx, userId)), destinationChanged };
  });
}
