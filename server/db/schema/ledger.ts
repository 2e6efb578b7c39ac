import { bigint, bigserial, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Kinds of ledger account: one wallet per user, and the system accounts of design.md §3. */
export const SYSTEM_ACCOUNT_KINDS = ['card_clearing', 'usdt_clearing', 'payout_clearing', 'escrow', 'fee_revenue'] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];
export const ACCOUNT_KINDS = ['user_wallet', ...SYSTEM_ACCOUNT_KINDS] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
  userId: uuid('user_id').references(() => users.id),
  /** Cache of Σ postings of this account, kept in the same transaction as the postings. */
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const journalEntries = pgTable('journal_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  paymentId: uuid('payment_id'),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const postings = pgTable('postings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  entryId: bigint('entry_id', { mode: 'number' })
    .notNull()
    .references(() => journalEntries.id),
  accountId: bigint('account_id', { mode: 'number' })
    .notNull()
    .references(() => ledgerAccounts.id),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
});

export const HOLD_STATUSES = ['open', 'captured', 'released', 'expired'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

export const holds = pgTable('holds', {
  id: uuid('id').primaryKey(),
  /** Whose money is held (the payer). */
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  source: text('source', { enum: ['balance', 'card'] }).notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  paymentId: uuid('payment_id'),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
  status: text('status', { enum: HOLD_STATUSES }).notNull(),
  /** The card provider's authorisation id, for card holds. */
  providerReference: text('provider_reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});
