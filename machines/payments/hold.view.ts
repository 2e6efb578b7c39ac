import { intlLocale } from '../../domain/money/format-money';
import type { PaymentView } from '../activity/payment-types';

/**
 * A price point's hold as people read it (issue 22 item 5). Pure and Intl-only (no i18next), like the receipt: the
 * deadline and the time left are formatted here in the user's language; the words around them are keys of
 * `activity:hold.*` (details) or `payments:checkout.*` (the checkout) that the screens translate.
 *
 * - the fan, while the money is held: "Held · 2 days left" and when it is refunded if the creator does not reply;
 * - the creator, while it is held: "Reply by Sat 28 Nov, 14:05" and the time left;
 * - either, once the hold was released (the creator declined, or the 72 hours ran out): "Refunded".
 */

export interface HoldOptions {
  /** The UI language (en, es, pt). */
  lang: string;
  /** For tests; screens leave it out and get the device's zone. */
  timeZone?: string;
}

const deadlineFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment within the next days, as "Sat, Nov 28, 2:05 PM" / "sáb, 28 nov, 14:05" / "sáb., 28 de nov., 14:05". */
export function formatDeadline(at: string | number | Date, options: HoldOptions): string {
  const locale = intlLocale(options.lang);
  const key = `${locale}|${options.timeZone ?? ''}`;
  let format = deadlineFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: options.timeZone,
    });
    deadlineFormats.set(key, format);
  }
  return format.format(new Date(at));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * What is left of `ms`, in its largest whole unit ("2 days", "5 hours", "12 minutes"; a part of a minute counts as
 * one), through Intl's unit names in the user's language; null when nothing is left.
 */
export function formatTimeLeft(ms: number, lang: string): string | null {
  if (ms <= 0) return null;
  const [unit, value] =
    ms >= DAY_MS ? (['day', Math.floor(ms / DAY_MS)] as const) : ms >= HOUR_MS ? (['hour', Math.floor(ms / HOUR_MS)] as const) : (['minute', Math.ceil(ms / MINUTE_MS)] as const);
  return new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

export type HoldView =
  /** The fan: the money is held until the creator replies, refunded after `deadline`. */
  | { kind: 'held'; creator: string; media: 'photo' | 'video'; deadline: string; left: string | null }
  /** The creator: reply by `deadline`. */
  | { kind: 'replyBy'; fan: string; media: 'photo' | 'video'; deadline: string; left: string | null }
  /** The hold was released: the fan has the money back. */
  | { kind: 'refunded' };

type HeldPayment = Pick<
  PaymentView,
  'price_point_id' | 'status' | 'hold_expires_at' | 'transaction_type' | 'media_type' | 'receiver_username' | 'sender_username'
>;

/** The hold of a price-point payment at `now` (ms), or null for any other payment (or one claimed or in flight). */
export function holdView(payment: HeldPayment, now: number, options: HoldOptions): HoldView | null {
  if (payment.price_point_id === null) return null;
  const status = payment.status as string;
  if (status === 'cancelled' || status === 'rejected') return { kind: 'refunded' };
  if (status !== 'new' || !payment.hold_expires_at) return null;
  const deadline = formatDeadline(payment.hold_expires_at, options);
  const left = formatTimeLeft(new Date(payment.hold_expires_at).getTime() - now, options.lang);
  const media = payment.media_type ?? 'photo';
  return payment.transaction_type === 'sender'
    ? { kind: 'held', creator: payment.receiver_username ?? '', media, deadline, left }
    : { kind: 'replyBy', fan: payment.sender_username ?? '', media, deadline, left };
}
