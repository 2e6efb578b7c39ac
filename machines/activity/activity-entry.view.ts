import { parseAmount } from '../../domain/money/amount';
import { formatTimeLeft } from '../payments/hold.view';
import type { PaymentView } from './payment-types';

/**
 * How one payment reads in the activity list and on Home (issue 22 item 6, "activity that tells the truth"). The row
 * only renders this:
 * - a sign and a colour only for money that moved (`complete`): + and green in, − out (labelled Complete);
 * - money held, asked for or on its way has no sign and a neutral tone, with its label: Held (a price point waiting
 *   for the creator's reply, with when the hold ends), Requested, Pending;
 * - money that never moved or came back is muted, without a sign: Rejected, Cancelled, Failed, and Refunded for a
 *   price point whose hold was released (the creator declined it or the 72 hours ran out);
 * - the note (the request's message, a purchase's brief) under the entry;
 * - a Pay action on a request someone sent me while it is still open (issue 22 item 11: pay a request in 2 taps,
 *   Pay on the row then "Pay $30.00"), the same case the details page offers Pay in (payment-actions' askedToPay).
 */
type EntrySign = 'plus' | 'minus' | 'none';
type EntryTone = 'in' | 'out' | 'neutral' | 'muted';
type EntryLabel = 'complete' | 'held' | 'requested' | 'pending' | 'refunded' | 'rejected' | 'cancelled' | 'failed' | 'unknown';
type EntryHeadline = 'kind.sentTo' | 'kind.receivedFrom' | 'kind.requestedFrom' | 'kind.requestedBy' | 'kind.boughtFrom' | 'kind.soldTo';

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
   * Null when nothing is held. `left` is the time left at the `clock`'s now ("2 days"), null once it is up or when
   * the caller gave no clock.
   */
  hold: { key: 'entry.heldUntil' | 'entry.replyBy'; at: string; left: string | null } | null;
  /** The request's message or the purchase's brief; null when there is none. */
  note: string | null;
  /** Whether the row offers Pay: a request made of me (I am the payer) that is still open. */
  canPay: boolean;
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

/** The moment and language a row is read in: a hold's time left depends on both. */
export interface EntryClock {
  now: number;
  lang: string;
}

export function activityEntryView(payment: PaymentView, clock?: EntryClock): ActivityEntryView {
  const state = standing(payment);
  const note = payment.description?.trim() ? payment.description.trim() : null;
  return {
    headline: headline(payment),
    amountCents: absoluteCents(payment.signed_amount),
    ...state,
    hold:
      state.label === 'held' && payment.hold_expires_at
        ? {
            key: payment.transaction_type === 'sender' ? 'entry.heldUntil' : 'entry.replyBy',
            at: payment.hold_expires_at,
            left: clock ? formatTimeLeft(Date.parse(payment.hold_expires_at) - clock.now, clock.lang) : null,
          }
        : null,
    note,
    canPay: payment.type === 'request' && payment.transaction_type === 'sender' && payment.status === 'requested',
  };
}
