import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { likeLiteral } from '../db/like';
import { rateLimitHits } from '../db/schema/index';

/**
 * Rate limits counted in PostgreSQL (table `rate_limit_hits`), so every server process shares them and a restart
 * forgets nothing. Each counted attempt is one row; a limit is "at most `max` rows in the last `windowMs`"
 * (a sliding window). The numbers are in one place and written in docs/decisions.md.
 */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /**
   * Failed sign-ins (and wrong current passwords) per account *and* client address (issue 21): ten wrong passwords
   * lock that address out of that account, never the owner signing in from elsewhere. See password-attempts.ts.
   */
  loginPerAccountAndAddress: { name: 'login:account-address', max: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins per client address, whatever the account (password spraying). */
  loginPerIp: { name: 'login:ip', max: 50, windowMs: 15 * MINUTE },
  /** Accounts created per client address (each costs a password hash and an email). */
  signUpPerIp: { name: 'signup:ip', max: 20, windowMs: HOUR },
  /** Verification codes sent per email address, and per client address. */
  otpResendPerEmail: { name: 'otp-resend:email', max: 5, windowMs: HOUR },
  otpResendPerIp: { name: 'otp-resend:ip', max: 30, windowMs: HOUR },
  /** Wrong codes per client address across accounts (each code also dies after 5 wrong tries). */
  otpVerifyPerIp: { name: 'otp-verify:ip', max: 30, windowMs: 15 * MINUTE },
  /** Reset emails per email address, and per client address. */
  forgotPerEmail: { name: 'forgot:email', max: 5, windowMs: HOUR },
  forgotPerIp: { name: 'forgot:ip', max: 30, windowMs: HOUR },
  /** Invalid reset attempts per client address. */
  resetPerIp: { name: 'reset:ip', max: 30, windowMs: 15 * MINUTE },
  /** Texted phone codes (issue 7): per account, and per number whoever asks (a text costs money and annoys). */
  phoneCodePerUser: { name: 'phone-code:user', max: 5, windowMs: HOUR },
  phoneCodePerNumber: { name: 'phone-code:number', max: 3, windowMs: HOUR },
  /** Wrong texted codes per account across numbers (each code also dies after 5 wrong tries). */
  phoneVerifyPerUser: { name: 'phone-verify:user', max: 20, windowMs: HOUR },
  /** Invitations by email: per inviter, and per invited address whoever invites (no mail bombing through us). */
  invitePerUser: { name: 'invite:user', max: 10, windowMs: HOUR },
  invitePerEmail: { name: 'invite:email', max: 3, windowMs: 24 * HOUR },
  /**
   * Payment requests (issue 21: requests were an unlimited way to mail attacker-written text to anyone): per
   * sender, and per sender → recipient. Only requests that were created count (a refused one is given back).
   */
  requestPerSender: { name: 'request:sender', max: 20, windowMs: HOUR },
  requestPerPair: { name: 'request:pair', max: 3, windowMs: 24 * HOUR },
  /**
   * Declined card validations when adding a card (card testing): per user and per client address. Only declines
   * count; once over, the card is refused before the processor is asked.
   */
  cardDeclinePerUser: { name: 'card-decline:user', max: 5, windowMs: HOUR },
  cardDeclinePerIp: { name: 'card-decline:ip', max: 20, windowMs: HOUR },
  /** Failed payout-account links (wrong third-party credentials: credential stuffing), per user and per payout email. */
  payoutLinkPerUser: { name: 'payout-link:user', max: 5, windowMs: HOUR },
  payoutLinkPerEmail: { name: 'payout-link:email', max: 5, windowMs: HOUR },
  /** Monthly statements and their CSV (issue 26.2): each reads a month of the ledger, a year's CSV is 100,000 lines. */
  statementPerUser: { name: 'statement:user', max: 60, windowMs: HOUR },
  /**
   * Live-update streams opened per user (GET /api/app/events), whatever the instance: on top of the open streams per
   * user and instance (LiveHub), so closing and reopening cannot make each opening's replay and trail read free. A tab
   * opens one every 10 minutes (the stream's lifetime) and after a dropped connection.
   */
  eventStreamOpenPerUser: { name: 'event-stream-open:user', max: 60, windowMs: 10 * MINUTE },
  /** The public supporters wall (no sign-in), per client address: three reads of a creator's payments each. */
  publicSupportersPerIp: { name: 'public-supporters:ip', max: 120, windowMs: MINUTE },
  /** Activity searches (listPayments with `q`, the trigram search, issue 26), per user; the plain list is not limited. */
  activitySearchPerUser: { name: 'activity-search:user', max: 120, windowMs: 10 * MINUTE },
  /** The money chart (issue 26.1): Home and the profile read it on every visit and period switch; each reads up to 26 weeks of the ledger. */
  summaryPerUser: { name: 'summary:user', max: 600, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

export interface Counter {
  limit: Limit;
  /** Who is counted: an IP address, a user id, or an email (hashed here, never stored in clear). */
  subject: string;
  /**
   * What the subject is counted within, when the count is per pair (an account and a client address): hashed into
   * the bucket apart from the subject, so `clearScope` can forget every subject of one scope at once.
   */
  scope?: string;
}

export type Consumed = { allowed: true; hitIds: number[] } | { allowed: false; retryAfterMs: number };

const hashed = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 32);

function scopePrefix(limit: Limit, scope: string): string {
  return `${limit.name}:${hashed(scope)}:`;
}

function bucketOf(counter: Counter): string {
  const subject = hashed(counter.subject);
  return counter.scope === undefined ? `${counter.limit.name}:${subject}` : `${scopePrefix(counter.limit, counter.scope)}${subject}`;
}

/** Rows older than the longest window serve no limit; swept now and then by whoever is counting. */
const SWEEP_OLDER_THAN_MS = Math.max(2 * HOUR, ...Object.values(LIMITS).map((l) => l.windowMs));
const SWEEP_EVERY_N_CALLS = 200;
let calls = 0;

/**
 * Checks every counter and, only when all allow it, records one attempt on each — atomically per bucket (an
 * advisory transaction lock per bucket, taken in a fixed order), so parallel requests cannot slip past the limit.
 * Call it before any expensive or guessable work (hashing, comparing a code). An attempt that turns out not to
 * count (a sign-in that succeeded) is given back with `release`.
 */
export async function consume(db: Db, counters: Counter[], now: Date): Promise<Consumed> {
  const buckets = counters.map((c) => ({ bucket: bucketOf(c), limit: c.limit })).sort((a, b) => a.bucket.localeCompare(b.bucket));
  const result = await db.transaction(async (tx) => {
    let retryAfterMs = 0;
    for (const { bucket, limit } of buckets) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`);
      const since = new Date(now.getTime() - limit.windowMs);
      const hits = await tx
        .select({ at: rateLimitHits.at })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.at, since)))
        .orderBy(asc(rateLimitHits.at));
      if (hits.length >= limit.max) {
        // Allowed again when enough of the oldest hits have left the window.
        const freeing = hits[hits.length - limit.max]!;
        retryAfterMs = Math.max(retryAfterMs, freeing.at.getTime() + limit.windowMs - now.getTime());
      }
    }
    if (retryAfterMs > 0) return { allowed: false as const, retryAfterMs };
    const rows = await tx
      .insert(rateLimitHits)
      .values(buckets.map(({ bucket }) => ({ bucket, at: now })))
      .returning({ id: rateLimitHits.id });
    return { allowed: true as const, hitIds: rows.map((r) => r.id) };
  });
  if (++calls % SWEEP_EVERY_N_CALLS === 0) await sweep(db, now);
  return result;
}

/** Gives back attempts that turned out not to count. */
export async function release(db: Db, hitIds: number[]): Promise<void> {
  if (hitIds.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hitIds));
}

/** Forgets every attempt counted against one scope, whatever the subject (e.g. an account's lock-outs by address). */
export async function clearScope(db: Db, limit: Limit, scope: string): Promise<void> {
  // The prefix is a limit name and base64url, which has LIKE's `_`: escaped (likeLiteral) so it matches only itself.
  const prefix = likeLiteral(scopePrefix(limit, scope));
  await db.delete(rateLimitHits).where(sql`${rateLimitHits.bucket} LIKE ${`${prefix}%`} ESCAPE '\\'`);
}

async function sweep(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lte(rateLimitHits.at, new Date(now.getTime() - SWEEP_OLDER_THAN_MS)));
}
