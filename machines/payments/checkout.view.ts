import { parseAmount } from '../../domain/money/amount';
import type { SendPaymentContext } from '../send-payment.machine';
import { CARD_HOLD_MS } from '../../domain/limits';
import { formatDeadline, type HoldOptions } from './hold.view';
import { payButtonCents } from './send-form.view';

/**
 * The price-point checkout (issue 22 item 5): what the send screen shows when it sells a creator's price point. Pure
 * and Intl-only: the deadline is formatted here in the user's language; the words are keys of `payments:checkout.*`
 * with the values they take, translated by the page.
 *
 * - the item: its title (the price point's description), photo or video, price, and the creator (avatar, name);
 * - the note is the fan's brief: "What should @maya make?";
 * - the terms, before paying: "Held until @maya sends your photo. Refunded automatically if no reply by Sat 28 Nov,
 *   14:05." — the deadline is now plus the hold the server places (72 hours, domain/limits.ts CARD_HOLD_HOURS);
 * - the button: "Pay $25.00" (the total: a card adds its fee);
 * - done: "Paid — waiting for @maya's photo", with the deadline the server answered for this payment.
 */
type Media = 'photo' | 'video';

export interface CheckoutView {
  creator: { username: string; fullName: string | null; photo: string | null };
  item: { title: string; media: Media; priceCents: number };
  briefLabel: { key: 'checkout.briefLabel'; username: string };
  terms: { key: `checkout.terms.${Media}`; username: string; deadline: string };
  /** What the button charges ("Pay {{amount}}"). */
  payCents: number;
}

export interface CheckoutResult {
  title: { key: `checkout.paid.${Media}`; username: string };
  /** "Refunded automatically if no reply by {{deadline}}." */
  deadline: { key: 'checkout.refundBy'; deadline: string };
}

type CheckoutContext = Pick<SendPaymentContext, 'item' | 'recipient' | 'amount' | 'methodId' | 'today'>;

/** The checkout while paying, or null when the screen is not selling a price point (or it is not known yet). */
export function checkoutView(context: CheckoutContext, options: HoldOptions): CheckoutView | null {
  const { item, recipient } = context;
  if (!item || !recipient) return null;
  const username = recipient.username;
  return {
    creator: { username, fullName: recipient.fullName ?? null, photo: recipient.photo ?? null },
    item: { title: item.description, media: item.mediaType, priceCents: parseAmount(item.price) ?? 0 },
    briefLabel: { key: 'checkout.briefLabel', username },
    terms: { key: `checkout.terms.${item.mediaType}`, username, deadline: formatDeadline(context.today + CARD_HOLD_MS, options) },
    payCents: payButtonCents(context),
  };
}

/**
 * The done screen of a checkout: waiting for the creator's reply until the hold's end the server answered (the
 * screen's own estimate when an answer lacks it).
 */
export function checkoutResult(context: CheckoutContext & Pick<SendPaymentContext, 'sent'>, options: HoldOptions): CheckoutResult | null {
  const { item, recipient, sent } = context;
  if (!item || !recipient || !sent) return null;
  const deadline = sent.holdExpiresAt ?? context.today + CARD_HOLD_MS;
  return {
    title: { key: `checkout.paid.${item.mediaType}`, username: recipient.username },
    deadline: { key: 'checkout.refundBy', deadline: formatDeadline(deadline, options) },
  };
}
