import { CARD_HOLD_HOURS } from '../domain/limits';
import { parseAmount } from '../domain/money/amount';
import type { SnapshotFrom } from 'xstate';
import { purchaseOf, type PublicProfileContext, type PublicProfileData, type publicProfileMachine } from './public-profile.machine';
import type { Purchase } from '../domain/purchase';

/** A price point as a card on the storefront: what it is, what it costs, what the fan gets and how soon. */
interface PricePointCard {
  id: string;
  /** The creator's description: the card's title. */
  title: string;
  priceCents: number;
  mediaType: 'photo' | 'video';
  /** The reply promise, in hours: the hold's 72 h (price points carry no shorter promise of their own yet). */
  replyWithinHours: number;
  selected: boolean;
}

/** The storefront's header and cards (issue 23 item 2), computed from the machine's context; the page renders it. */
export interface StorefrontView {
  name: string;
  /** `@username`, as the page shows it under the name. */
  handle: string;
  bio: string | null;
  photo: string | null;
  cover: string | null;
  /** The page's own path, `/{username}`: shared, copied and drawn as the QR code. */
  pagePath: string;
  cards: PricePointCard[];
  /** The note field shows while a tip (a preset or custom amount) is chosen, or nothing yet: a price point has its brief on the checkout. */
  showNote: boolean;
}

export function storefrontView(context: Pick<PublicProfileContext, 'selection'>, profile: PublicProfileData): StorefrontView {
  const bio = profile.profile.bio_message.trim();
  const selection = context.selection;
  return {
    name: profile.full_name,
    handle: `@${profile.username}`,
    bio: bio === '' ? null : bio,
    photo: profile.profile.profile_photo ?? null,
    cover: profile.profile.background_image ?? null,
    pagePath: `/${encodeURIComponent(profile.username)}`,
    cards: profile.profile.price_point_details.map((point) => ({
      id: point.id,
      title: point.description,
      priceCents: parseAmount(point.price) ?? 0,
      mediaType: point.media_type,
      replyWithinHours: CARD_HOLD_HOURS,
      selected: selection?.kind === 'pricePoint' && selection.id === point.id,
    })),
    showNote: selection?.kind !== 'pricePoint',
  };
}

type PublicPageSnapshot = Pick<SnapshotFrom<typeof publicProfileMachine>, 'matches' | 'can' | 'context'>;

/**
 * Which part of `/{username}` shows (issue 24 item 6): the 404 page, the spinner, the failed read with Retry (from
 * `can(RETRY)`), the visitor's sign-in offer for the purchase they chose, or the pay form.
 */
export type PublicPageScreen =
  | { part: 'notFound' }
  | { part: 'loading' }
  | { part: 'loadFailed'; retry: boolean }
  | { part: 'signIn'; profile: PublicProfileData; purchase: Purchase; back: boolean }
  /** `purchase`: what Pay would buy, for its words ("Pay $5.00"); null while nothing is chosen. */
  | { part: 'pay'; profile: PublicProfileData; purchase: Purchase | null };

export function publicPageScreen(snapshot: PublicPageSnapshot): PublicPageScreen {
  const { profile } = snapshot.context;
  if (snapshot.matches('notFound')) return { part: 'notFound' };
  if (snapshot.matches('loadFailed')) return { part: 'loadFailed', retry: snapshot.can({ type: 'RETRY' }) };
  if (snapshot.matches('loading') || !profile) return { part: 'loading' };
  const purchase = purchaseOf(snapshot.context);
  if (snapshot.matches('signInNeeded') && purchase) return { part: 'signIn', profile, purchase, back: snapshot.can({ type: 'BACK' }) };
  return { part: 'pay', profile, purchase };
}
