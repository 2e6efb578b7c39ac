import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { PAYMENT_STATUSES } from '../../../machines/payment-lifecycle.machine';

export const MEDIA_TYPES = ['photo', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const PAYMENT_KINDS = ['send', 'request', 'price_point'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const pricePoints = pgTable('price_points', {
  id: uuid('id').primaryKey(),
  creatorUserId: uuid('creator_user_id')
    .notNull()
    .references(() => users.id),
  priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  description: text('description').notNull(),
  mediaType: text('media_type', { enum: MEDIA_TYPES }).notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey(),
  kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
  status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
  /** The payer. */
  senderUserId: uuid('sender_user_id')
    .notNull()
    .references(() => users.id),
  /** The one paid (for a request, the requester). */
  receiverUserId: uuid('receiver_user_id')
    .notNull()
    .references(() => users.id),
  createdByUserId: uuid('created_by_user_id')
    .notNull()
    .references(() => users.id),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
  paymentMethodId: text('payment_method_id'),
  pricePointId: uuid('price_point_id').references(() => pricePoints.id),
  mediaType: text('media_type', { enum: MEDIA_TYPES }),
  description: text('description'),
  holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
  lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
  /** Migration 0029: the payer chose to show their name and message on the receiver's page (issue 23, off by default). */
  showOnPage: boolean('show_on_page').notNull().default(false),
  /** Migration 0029: when the receiver hid it from their page (null: not hidden). */
  hiddenOnPageAt: timestamp('hidden_on_page_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const paymentEvents = pgTable('payment_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id),
  fromStatus: text('from_status', { enum: PAYMENT_STATUSES }),
  toStatus: text('to_status', { enum: PAYMENT_STATUSES }).notNull(),
  event: text('event').notNull(),
  /** null = the system (a job). */
  actorUserId: uuid('actor_user_id').references(() => users.id),
  reason: text('reason'),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
});

export const paymentMessages = pgTable('payment_messages', {
  id: uuid('id').primaryKey(),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id),
  senderUserId: uuid('sender_user_id')
    .notNull()
    .references(() => users.id),
  receiverUserId: uuid('receiver_user_id')
    .notNull()
    .references(() => users.id),
  message: text('message').notNull(),
  mediaId: text('media_id'),
  paymentTriggered: boolean('payment_triggered').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** The request that scheduled the job (migration 0008): its log lines carry the same `reqId`. */
  requestId: text('request_id'),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    operationId: text('operation_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null only inside the transaction that claimed the key. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Migration 0006: where and in which language an answer worked out later (after a provider call) is rendered. */
    locale: text('locale'),
    requestPath: text('request_path'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.operationId, t.idempotencyKey] })],
);
