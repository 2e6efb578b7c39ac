import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { paymentEvents, payments } from './payments';

/** Migration 0018. How far the notification pass has read `payment_events` (one row, id 1). */
export const notificationCursor = pgTable('notification_cursor', {
  id: integer('id').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
});

export const NOTIFICATION_KINDS = ['payment_received', 'payment_requested', 'request_reminder', 'price_point_paid', 'price_point_replied'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Migration 0018. One notification email per payment-trail line at most; delivered by a `notification_mail` job, or
 * stored in the outbox by the notification pass itself when the outbox is in this database (scan-payment-events.ts).
 */
export const notifications = pgTable('notifications', {
  paymentEventId: bigint('payment_event_id', { mode: 'number' })
    .primaryKey()
    .references(() => paymentEvents.id),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
  status: text('status', { enum: ['pending', 'sent', 'skipped'] }).notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
