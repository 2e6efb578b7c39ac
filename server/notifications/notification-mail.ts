import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notifications, payments, users } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import type { NotificationKind } from '../db/schema/notifications';
import type { Translator } from '../i18n/translator';
import type { EmailMessage } from '../providers/email/index';
import { formatMoney } from '../../domain/money/format-money';
import { CARD_HOLD_HOURS } from '../../domain/limits';

// The web app's route for one payment (src/config/paths.ts TRANSACTION_DETAILS_PATH), where every email leads.
const TRANSACTION_DETAILS_PATH = '/transactions/transaction-details';

export interface NotificationMailDeps {
  translator: Translator;
  /** Where the app is, for the email's link. */
  publicUrl: string;
}

/**
 * The email of one queued notification, written when it is about to go (the `notification_mail` job's prepare):
 * so the recipient's preference, language and address are those of that moment. Null when there is nothing to
 * send: already sent, or it must not go — preference off, account closed, address never verified — in which
 * case the notification is closed as `skipped` (the job is done, not failed).
 *
 * The key is the notification's (its trail line): the mailer stores or sends it once however often this runs.
 */
export async function notificationToSend(tx: Tx, eventId: number, now: Date, deps: NotificationMailDeps): Promise<EmailMessage | null> {
  return (await notificationsToSend(tx, [eventId], now, deps)).get(eventId) ?? null;
}

/**
 * notificationToSend for several notifications at once (the job runner's mail batch): one locking read for all of
 * them and one update for those skipped, whatever their number. An event id missing from the answer has nothing to
 * send, as a null has.
 */
export async function notificationsToSend(tx: Tx, eventIds: number[], now: Date, deps: NotificationMailDeps): Promise<Map<number, EmailMessage | null>> {
  const messages = new Map<number, EmailMessage | null>();
  if (eventIds.length === 0) return messages;
  const recipient = alias(users, 'recipient');
  const other = alias(users, 'other');
  const rows = await tx
    .select({
      notification: notifications,
      email: recipient.email,
      language: recipient.language,
      wantsMail: recipient.emailNotifications,
      accountStatus: recipient.accountStatus,
      emailStatus: recipient.emailStatus,
      amountCents: payments.amountCents,
      description: payments.description,
      mediaType: payments.mediaType,
      otherUsername: other.username,
    })
    .from(notifications)
    .innerJoin(recipient, eq(recipient.id, notifications.userId))
    .innerJoin(payments, eq(payments.id, notifications.paymentId))
    // The other party: whichever of the payment's two is not the recipient.
    .innerJoin(
      other,
      sql`${other.id} = CASE WHEN ${payments.senderUserId} = ${notifications.userId} THEN ${payments.receiverUserId} ELSE ${payments.senderUserId} END`,
    )
    .where(inArray(notifications.paymentEventId, eventIds))
    // Locked in one order, whoever else locks some of the same rows (a second runner's batch, a single job).
    .orderBy(asc(notifications.paymentEventId))
    .for('update', { of: notifications });
  const skipped: number[] = [];
  for (const row of rows) {
    const eventId = row.notification.paymentEventId;
    if (row.notification.status !== 'pending') messages.set(eventId, null);
    else if (!row.wantsMail || row.accountStatus !== 'active' || row.emailStatus !== 'verified') {
      skipped.push(eventId);
      messages.set(eventId, null);
    } else messages.set(eventId, messageOf(row, eventId, deps));
  }
  if (skipped.length > 0) {
    await tx.update(notifications).set({ status: 'skipped', finishedAt: now }).where(inArray(notifications.paymentEventId, skipped));
  }
  return messages;
}

interface MailRow {
  notification: { kind: NotificationKind; paymentId: string };
  email: string;
  language: 'en' | 'es' | 'pt';
  amountCents: number;
  description: string | null;
  mediaType: string | null;
  otherUsername: string | null;
}

function messageOf(row: MailRow, eventId: number, deps: NotificationMailDeps): EmailMessage {
  const { kind, paymentId } = row.notification;
  const lang = row.language;
  const values = {
    name: `@${row.otherUsername ?? ''}`,
    amount: formatMoney(row.amountCents, lang),
    note: row.description ?? '',
    media: deps.translator.t(lang, `emails:notifications.media.${row.mediaType ?? 'photo'}`),
    hours: CARD_HOLD_HOURS,
    link: `${deps.publicUrl}${TRANSACTION_DETAILS_PATH}?id=${encodeURIComponent(paymentId)}`,
    settings: `${deps.publicUrl}/settings`,
  };
  const body = deps.translator.t(lang, `emails:notifications.${kind}.text`, values);
  return {
    to: row.email,
    subject: deps.translator.t(lang, `emails:notifications.${kind}.subject`, values),
    text: `${body}\n\n${deps.translator.t(lang, 'emails:notifications.footer', values)}`,
    key: `notification-${eventId}`,
  };
}

/** The mailer took it: the notification is sent (a repeat finds it so and does nothing). */
export async function markNotificationSent(tx: Tx, eventId: number, now: Date): Promise<void> {
  await tx
    .update(notifications)
    .set({ status: 'sent', finishedAt: now })
    .where(and(eq(notifications.paymentEventId, eventId), eq(notifications.status, 'pending')));
}
