import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Migration 0010. One live texted code per user; asking again replaces the row. */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  phoneNumber: text('phone_number').notNull(),
  codeHash: text('code_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
});

/** Migration 0010. Invitations sent by email; the address is kept only as a hash. */
export const invitations = pgTable('invitations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  inviterUserId: uuid('inviter_user_id')
    .notNull()
    .references(() => users.id),
  emailHash: text('email_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
