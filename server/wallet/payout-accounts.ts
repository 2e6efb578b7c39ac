import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { payoutAccounts } from '../db/schema/index';
import { checkRules } from '../problems/check-rules';
import { providerUnavailableProblem } from './answers';
import { maskEmail } from './withdrawals';
import { withdrawalsOpenAt } from './destination-wait';
import type { PayoutProvider } from '../providers/payouts';
import { normalizeEmail } from '../../domain/rules/account-rules';
import { normalizePayoutAccountNumber, PayoutLinkForm } from '../../domain/rules/payout-rules';
import { DomainError } from '../problems/domain-error';

/**
 * Linking the international payout account (spec 3 and 4: email, password and bank account number → linked, or
 * "not activated"). The credentials are checked once with the provider, outside any transaction; **the password is
 * never stored or logged**: only the email, the provider's account id and the last four digits of the bank account
 * number are kept. The form's rules are domain/rules/payout-rules.ts.
 */
type Row = typeof payoutAccounts.$inferSelect;

function payoutAccountView(row: Row, provider: { name: string; url: string }) {
  return {
    email: row.email,
    emailMasked: maskEmail(row.email),
    bankAccountLast4: row.bankAccountLast4,
    provider: provider.name,
    providerUrl: provider.url,
    linkedAt: row.linkedAt.toISOString(),
    // A link (or a new link over an old one) always starts the wait: it is a fresh check of someone's credentials.
    withdrawalsOpenAt: withdrawalsOpenAt(row.linkedAt).toISOString(),
  };
}

export async function getPayoutAccount(db: Db, provider: PayoutProvider, userId: string) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return { payoutAccount: row ? payoutAccountView(row, provider.accountProvider) : null, provider: provider.accountProvider.name, providerUrl: provider.accountProvider.url };
}

export async function linkPayoutAccount(
  db: Db,
  provider: PayoutProvider,
  userId: string,
  body: { email: string; password: string; bankAccountNumber: string },
  now: Date,
) {
  const email = normalizeEmail(body.email);
  const bankAccountNumber = normalizePayoutAccountNumber(body.bankAccountNumber);
  checkRules(PayoutLinkForm, { email, password: body.password, bankAccountNumber });
  let link;
  try {
    link = await provider.linkAccount({ email, password: body.password, bankAccountNumber });
  } catch {
    throw providerUnavailableProblem();
  }
  const values = { provider: provider.accountProvider.name };
  if (link.outcome === 'not_activated') {
    throw new DomainError('payout_account_not_activated', { values, extensions: { providerUrl: provider.accountProvider.url } });
  }
  if (link.outcome === 'invalid_credentials') {
    throw new DomainError('payout_account_invalid_credentials', { values });
  }
  const row = { email, providerAccountId: link.accountId, bankAccountLast4: bankAccountNumber.slice(-4), linkedAt: now };
  const [saved] = await db
    .insert(payoutAccounts)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: row })
    .returning();
  return { payoutAccount: payoutAccountView(saved!, provider.accountProvider), provider: provider.accountProvider.name, providerUrl: provider.accountProvider.url };
}

export async function unlinkPayoutAccount(db: Db, provider: PayoutProvider, userId: string) {
  await db.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return { payoutAccount: null, provider: provider.accountProvider.name, providerUrl: provider.accountProvider.url };
}
