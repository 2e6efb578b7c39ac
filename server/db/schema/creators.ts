import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Migration 0009. A creator's public words; the row exists once the bio was first saved. */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  bioMessage: text('bio_message').notNull().default(''),
  /** Migration 0011: the avatar and background image (the owner's uploaded photos, served publicly). */
  photoMediaId: uuid('photo_media_id'),
  backgroundMediaId: uuid('background_media_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Migration 0009. One-way: the owner keeps the contact in their list. */
export const contacts = pgTable(
  'contacts',
  {
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id),
    contactUserId: uuid('contact_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerUserId, t.contactUserId] })],
);
