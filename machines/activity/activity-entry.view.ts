import { parseAmount } from '../../domain/money/amount';
import type { PaymentView } from './payment-types';

/**
 * How one payment reads in the activity list and on Home (issue 22 item 6, "activity that tells the truth"). The row
 * only renders this:
 * - a sign and a colour only for money that moved (`complete`): + and green in, − out (labelled Complete);
 * - money held, asked for or on its way has no sign and a neutral tone, with its label: Held (a price point waiting
 *   for the creator's reply, with when the hold ends), Requested, Pending;
 * - money that never moved or came back is muted, without a sign: Rejected, Cancelled, Failed, and Refunded for a
 *   price point whose hold was released (the creator declined it or the 72 hours ran out);
 * - the note (the request's message, a purchase's brief) under the entry.
 */
export type EntrySign = 'plus' | 'minus' | 'none';
export type EntryTone = 'in' | 'out' | 'neutral' | 'muted';
export type EntryLabel = 'complete' | 'held' | 'requested' | 'pending' | 'refunded' | 'rejected' | 'cancelled' | 'failed' | 'unknown';
export type EntryHeadline = 'kind.sentTo' | 'kind.receivedFrom' | 'kind.requestedFrom' | 'kind.requestedBy' | 'kind.boughtFrom' | 'kind.soldTo';

export interface ActivityEntryView {
  /** "You paid @{{name}}", "@{{name}} bought your {{media}}", …; `media` is `photo`/`video` for a price point. */
  headline: { key: EntryHeadline; name: string | null; media: 'photo' | 'video' | null };
  /** Cents, never negative: the sign is `sign`. What leaves me (the total charge) or what reaches me. */
  amountCents: number;
  sign: EntrySign;
  tone: EntryTone;
  label: EntryLabel;
  /**
   * A held payment's deadline (ISO): the fan reads "Held until …" (refunded after it), the creator "Held · reply by …".
   * Null when nothing is held.
   */
  hold: { key: 'entry.heldUntil' | 'entry.replyBy'; at: string } | null;
  /** The request's message or the purchase's brief; null when there is none. */
  note: string | null;
}

const isPricePoint = (p: Pick<PaymentView, 'price_point_id'>) => p.price_point_id !== null;

function headline(p: PaymentView): ActivityEntryView['headline'] {
  const iPay = p.transaction_type === 'sender';
  const name = iPay ? p.receiver_username : p.sender_username;
  const media = p.media_type ?? null;
  if (p.type === 'request') return { key: iPay ? 'kind.requestedBy' : 'kind.requestedFrom', name, media: null };
  if (isPricePoint(p) && media) return { key: iPay ? 'kind.boughtFrom' : 'kind.soldTo', name, media };
  return { key: iPay ? 'kind.sentTo' : 'kind.receivedFrom', name, media: null };
}

function absoluteCents(signed: string): number {
  return parseAmount(signed.startsWith('-') ? signed.slice(1) : signed) ?? 0;
}

/** Sign, tone and label for a status and my side of it. */
function standing(p: PaymentView): Pick<ActivityEntryView, 'sign' | 'tone' | 'label'> {
  const iPay = p.transaction_type === 'sender';
  switch (p.status as string) {
    case 'complete':
      return iPay ? { sign: 'minus', tone: 'out', label: 'complete' } : { sign: 'plus', tone: 'in', label: 'complete' };
    case 'new':
      return { sign: 'none', tone: 'neutral', label: 'held' };
    case 'requested':
      return { sign: 'none', tone: 'neutral', label: 'requested' };
    case 'created':
    case 'awaiting':
    case 'processing':
      return { sign: 'none', tone: 'neutral', label: 'pending' };
    case 'rejected':
    case 'cancelled':
      // A price point's money was held and then released: the fan has it back.
      return { sign: 'none', tone: 'muted', label: isPricePoint(p) ? 'refunded' : (p.status as 'rejected' | 'cancelled') };
    case 'failed':
      return { sign: 'none', tone: 'muted', label: 'failed' };
    default:
      return { sign: 'none', tone: 'neutral', label: 'unknown' };
  }
}

export function activityEntryView(payment: PaymentView): ActivityEntryView {
  const state = standing(payment);
  const note = payment.description?.trim() ? payment.description.trim() : null;
  return {
    headline: headline(payment),
    amountCents: absoluteCents(payment.signed_amount),
    ...state,
    hold:
      state.label === 'held' && payment.hold_expires_at
        ? { key: payment.transaction_type === 'sender' ? 'entry.heldUntil' : 'entry.replyBy', at: payment.hold_expires_at }
        : null,
    note,
  };
}
