import { intlLocale } from '../domain/money/format-money';
import { ownsWall, type SupportersWallContext } from './supporters-wall.machine';

/**
 * What the supporters wall shows (issue 23 item 2), from the supporters-wall machine's state: the count for the
 * heading (`creators:supporters.count`, plural rules by i18next), one row per public message (avatar, name,
 * @username, message, when — never an amount), Hide on each for the signed-in page owner only, and the empty text.
 * The component renders only this.
 */
export type SupportersWallState = 'loading' | 'failed' | 'empty' | 'shown' | 'confirming' | 'hiding';

interface SupporterRow {
  id: string;
  name: string;
  /** `@username`. */
  handle: string;
  /** The avatar's address, or null (the avatar draws the name's initials). */
  photo: string | null;
  /** The payer's note with the payment; null shows the name alone. */
  message: string | null;
  /** ISO, for `<time dateTime>`. */
  at: string;
  /** "2 hours ago", "ontem", "12 nov 2026": relative within a week, else the date, in the page's language. */
  when: string;
  /** The full date and time, for the `<time>`'s title. */
  exactly: string;
}

export interface SupportersWallView {
  /** Still reading the wall: the component keeps the wall's space (no shift) and says it is loading. */
  loading: boolean;
  failed: boolean;
  /** The heading's count (`supporters.count`), or null while it is not known (the heading then says "Supporters"). */
  count: number | null;
  rows: SupporterRow[];
  /** Hide on each row: only for the signed-in page owner. */
  canHide: boolean;
  /** A hide is on its way: the Hide buttons wait. */
  busy: boolean;
  /** The confirmation is open, about this supporter's message. */
  confirming: { name: string } | null;
  /** The text of a wall without messages: nobody has paid yet, or nobody chose to be shown. */
  emptyKey: 'supporters.emptyNobody' | 'supporters.emptyNoMessages' | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now" / "5 minutes ago" / "yesterday" … within a week; the date after that (and for a clock running behind). */
export function relativeWhen(at: string, now: Date, language: string): string {
  const locale = intlLocale(language);
  const then = new Date(at);
  const ago = now.getTime() - then.getTime();
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < MINUTE) return relative.format(0, 'second');
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(then);
}

export function supportersWallView(
  state: { value: SupportersWallState; context: SupportersWallContext },
  language: string,
  now: Date,
): SupportersWallView {
  const { value, context } = state;
  const exact = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeStyle: 'short' });
  const rows = value === 'loading' || value === 'failed' ? [] : context.supporters.map((s) => ({
    id: s.id,
    name: s.name,
    handle: `@${s.username}`,
    photo: s.profile_photo ?? null,
    message: s.message === null || s.message.trim() === '' ? null : s.message,
    at: s.created_at,
    when: relativeWhen(s.created_at, now, language),
    exactly: exact.format(new Date(s.created_at)),
  }));
  return {
    loading: value === 'loading',
    failed: value === 'failed',
    count: value === 'loading' || value === 'failed' ? null : context.count,
    rows,
    canHide: ownsWall(context) && rows.length > 0,
    busy: value === 'hiding',
    confirming: value === 'confirming' && context.hiding ? { name: context.hiding.name } : null,
    emptyKey: value !== 'empty' ? null : context.count ? 'supporters.emptyNoMessages' : 'supporters.emptyNobody',
  };
}
