import { randomUUID } from 'node:crypto';
import type { Database } from '../../../server/db/database';
import { findUserByEmail } from '../../../server/accounts/users';
import { hashPassword } from '../../../server/auth/passwords';
import { CARD_BRANDS, cards, deposits, users } from '../../../server/db/schema/index';
import { postEntry } from '../../../server/ledger/post-entry';
import { sendPayment } from '../../../server/payments/service';

/**
 * The account the statement tests (tests/e2e/statements.spec.ts) sign in as. A statement is only for a month that
 * has ended, and a test cannot move the shared clock back a month (nor forward, beside other tests), so
 * seed-auditor.ts writes this account and a history dated in the previous month (UTC) through the real ledger code
 * before the server starts. Mid-month instants: in any browser time zone they fall in the same month.
 */
export const SEEDED_STATEMENT_USER = {
  email: 'statements@e2e.tipjar.example',
  password: 'Str0ng!pass',
  username: 'e2e_statements',
  fullName: 'Stella Statement',
  friend: 'e2e_statement_friend',
} as const;

/** The previous month (UTC) of `now`, `YYYY-MM`, and an instant on a day of it at noon UTC. */
export function previousMonth(now: Date): { month: string; day: (d: number) => Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - 1;
  const first = new Date(Date.UTC(year, month, 1));
  return { month: first.toISOString().slice(0, 7), day: (d) => new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), d, 12)) };
}

/** The seeded history: a card deposit with its fee, a payment received and one sent (notes with a comma). */
export const STATEMENT_HISTORY = {
  depositCents: 50_00,
  depositFeeCents: 2_50,
  receivedCents: 12_00,
  receivedNote: 'Thanks for the stream',
  sentCents: 7_25,
  sentNote: 'Coffee, on me',
} as const;

export async function seedStatementUser(database: Database, now: Date): Promise<void> {
  if (await findUserByEmail(database.db, SEEDED_STATEMENT_USER.email)) return;
  const me = randomUUID();
  const friend = randomUUID();
  const passwordHash = await hashPassword(SEEDED_STATEMENT_USER.password);
  const common = { passwordHash, emailStatus: 'verified' as const, country: 'US', eSignatureConsentAt: now };
  await database.db.insert(users).values([
    { ...common, id: me, email: SEEDED_STATEMENT_USER.email, username: SEEDED_STATEMENT_USER.username, fullName: SEEDED_STATEMENT_USER.fullName },
    { ...common, id: friend, email: 'statement-friend@e2e.tipjar.example', username: SEEDED_STATEMENT_USER.friend, fullName: 'Fred Friend' },
  ]);
  const { day } = previousMonth(now);
  const h = STATEMENT_HISTORY;
  await database.db.transaction((tx) =>
    postEntry(tx, {
      kind: 'funding',
      description: 'e2e funding',
      createdAt: day(1),
      postings: [
        { account: { system: 'card_clearing' }, amountCents: -100_00 },
        { account: { wallet: friend }, amountCents: 100_00 },
      ],
    }),
  );
  // The deposit's row with its entry, as the card deposit flow writes them: the audit reconciles fee_revenue with the
  // fees of completed deposits, so an entry alone would be a breach.
  await database.db.transaction(async (tx) => {
    // The card it came from, removed since (so no payment-method list shows it).
    const cardId = randomUUID();
    await tx.insert(cards).values({
      id: cardId,
      userId: me,
      brand: CARD_BRANDS[0],
      last4: '4242',
      expMonth: 12,
      expYear: now.getUTCFullYear() + 2,
      providerToken: `seed-statement-${cardId}`,
      createdAt: day(5),
      removedAt: day(6),
    });
    await tx.insert(deposits).values({
      id: randomUUID(),
      userId: me,
      method: 'card',
      cardId,
      status: 'complete',
      amountCents: h.depositCents,
      feeCents: h.depositFeeCents,
      createdAt: day(5),
      updatedAt: day(5),
    });
    await postEntry(tx, {
      kind: 'card_deposit',
      description: 'deposit e2e-statement',
      createdAt: day(5),
      postings: [
        { account: { system: 'card_clearing' }, amountCents: -(h.depositCents + h.depositFeeCents) },
        { account: { wallet: me }, amountCents: h.depositCents },
        { account: { system: 'fee_revenue' }, amountCents: h.depositFeeCents },
      ],
    });
  });
  await database.db.transaction((tx) =>
    sendPayment({ tx, now: day(10), userId: friend }, { receiverUserId: me, amountCents: h.receivedCents, paymentMethodId: 'balance', message: h.receivedNote }),
  );
  await database.db.transaction((tx) =>
    sendPayment({ tx, now: day(20), userId: me }, { receiverUserId: friend, amountCents: h.sentCents, paymentMethodId: 'balance', message: h.sentNote }),
  );
}
