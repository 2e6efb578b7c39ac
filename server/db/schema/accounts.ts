import { boolean, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A purchase a visitor started on a creator's public page before signing up (resumed after set-up). */
export interface PendingPurchase {
  creatorUsername: string;
  amount?: string;
  pricePointId?: string;
}

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  emailStatus: text('email_status', { enum: ['unverified', 'verified'] }).notNull().default('unverified'),
  accountStatus: text('account_status', { enum: ['active', 'closed'] }).notNull().default('active'),
  username: text('username'),
  country: text('country'),
  fullName: text('full_name'),
  eSignatureConsentAt: timestamp('e_signature_consent_at', { withTimezone: true }),
  purchase: jsonb('purchase').$type<PendingPurchase>(),
  /** Migration 0010: E.164, set once the user entered the texted code and confirmed the details. */
  phoneNumber: text('phone_number'),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  /** Migration 0011: preferences (the language of emails, notification emails on or off) and closing. */
  language: text('language', { enum: ['en', 'es', 'pt'] }).notNull().default('en'),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** Migration 0019: whose invitation link the account signed up through (docs/people.md). */
  invitedByUserId: uuid('invited_by_user_id').references((): AnyPgColumn => users.id),
  /** Migration 0022: a new email waiting for its code (account-info); `email` stays the account's until then. */
  pendingEmail: text('pending_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
