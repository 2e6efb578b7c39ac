import { bigint, bigserial, date, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { payments } from './payments';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '../../../machines/transfer-lifecycle.machine';

/** Migration 0006: cards, card charges, deposits, withdrawals and their trail, bank and payout accounts, USDT, media. */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'other'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const cards = pgTable('cards', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  brand: text('brand', { enum: CARD_BRANDS }).notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** The processor's token for the card: the only way to charge it. */
  providerToken: text('provider_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true }),
});

export const DEPOSIT_METHODS = ['card', 'usdt'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

export const deposits = pgTable('deposits', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  method: text('method', { enum: DEPOSIT_METHODS }).notNull(),
  status: text('status', { enum: DEPOSIT_STATUSES }).notNull(),
  /** What reaches the wallet. */
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  /** On top, for a card (the card is charged amount + fee). */
  feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
  cardId: uuid('card_id').references(() => cards.id),
  usdtTxHash: text('usdt_tx_hash'),
  usdtAddress: text('usdt_address'),
  confirmations: integer('confirmations'),
  failureCode: text('failure_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const ACCOUNT_TYPES = ['saving', 'checking'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const bankAccounts = pgTable('bank_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** YYYY-MM-DD. */
  birthdate: date('birthdate', { mode: 'string' }).notNull(),
  idType: text('id_type').notNull(),
  idNumber: text('id_number').notNull(),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2'),
  city: text('city').notNull(),
  region: text('region'),
  postalCode: text('postal_code').notNull(),
  country: text('country').notNull(),
  bankCountry: text('bank_country').notNull(),
  bankName: text('bank_name').notNull(),
  accountType: text('account_type', { enum: ACCOUNT_TYPES }).notNull(),
  accountNumber: text('account_number').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** Migration 0022: when where the money goes last changed; withdrawals to it open 24 hours later. */
  destinationChangedAt: timestamp('destination_changed_at', { withTimezone: true }).notNull(),
});

export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  email: text('email').notNull(),
  providerAccountId: text('provider_account_id').notNull(),
  bankAccountLast4: text('bank_account_last4').notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
});

export const WITHDRAWAL_DESTINATIONS = ['bank_account', 'payout_account'] as const;
export type WithdrawalDestination = (typeof WITHDRAWAL_DESTINATIONS)[number];

export const withdrawals = pgTable('withdrawals', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  destination: text('destination', { enum: WITHDRAWAL_DESTINATIONS }).notNull(),
  /** What the payout provider needs, copied at creation. */
  destinationDetails: jsonb('destination_details').$type<Record<string, string>>().notNull(),
  /** For display: "Bank name ····1234" or "payout account a***@example.com". */
  destinationLabel: text('destination_label').notNull(),
  status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  providerReference: text('provider_reference'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  failureCode: text('failure_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const transferEvents = pgTable('transfer_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  depositId: uuid('deposit_id').references(() => deposits.id),
  withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  event: text('event').notNull(),
  /** null = the system (a job). */
  actorUserId: uuid('actor_user_id').references(() => users.id),
  reason: text('reason'),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
});

export const CARD_CHARGE_STATUSES = ['authorising', 'authorised', 'declined', 'captured', 'capture_declined', 'voided'] as const;
export type CardChargeStatus = (typeof CARD_CHARGE_STATUSES)[number];

export const cardCharges = pgTable('card_charges', {
  /** Also the idempotency key of the authorisation at the processor. */
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  cardId: uuid('card_id')
    .notNull()
    .references(() => cards.id),
  paymentId: uuid('payment_id').references(() => payments.id),
  depositId: uuid('deposit_id').references(() => deposits.id),
  /** What the card is charged: amount + fee. */
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
  status: text('status', { enum: CARD_CHARGE_STATUSES }).notNull(),
  providerReference: text('provider_reference'),
  authorisationExpiresAt: timestamp('authorisation_expires_at', { withTimezone: true }),
  declineCode: text('decline_code'),
  idempotencyOperationId: text('idempotency_operation_id'),
  idempotencyKey: text('idempotency_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const usdtAddresses = pgTable('usdt_addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  address: text('address').notNull(),
  network: text('network').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const MEDIA_CONTENT_TYPES = ['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime'] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

export const media = pgTable('media', {
  id: uuid('id').primaryKey(),
  ownerUserId: uuid('owner_user_id')
    .notNull()
    .references(() => users.id),
  kind: text('kind', { enum: ['photo', 'video'] }).notNull(),
  contentType: text('content_type', { enum: MEDIA_CONTENT_TYPES }).notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  storageKey: text('storage_key').notNull(),
  fileName: text('file_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The sandbox providers' own state (server/providers/sandbox/). */
export const sandboxObjects = pgTable('sandbox_objects', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  idempotencyKey: text('idempotency_key'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Migration 0026: the resized copies of a profile picture (server/media/renditions.ts), each a stored file under its
 * own key; one per media, variant (avatar size or banner width) and format.
 */
export const mediaRenditions = pgTable(
  'media_renditions',
  {
    storageKey: text('storage_key').primaryKey(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id),
    variant: text('variant').notNull(),
    format: text('format', { enum: ['webp', 'jpeg'] }).notNull(),
    contentType: text('content_type', { enum: ['image/webp', 'image/jpeg'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('media_renditions_variant').on(t.mediaId, t.variant, t.format)],
);
