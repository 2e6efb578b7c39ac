import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { formatAmount } from '../../domain/money/amount';
import { validTimeZone } from './time-zone';
import { DomainError } from '../problems/domain-error';

/**
 * Monthly statements from the ledger (issue 26.2): the postings on a user's wallet whose journal entry is dated in the
 * month. Opening = every posting dated before the month; closing = opening + the month's postings; so the statement
 * reconciles with the ledger by construction, and `npm run audit -- ledger` checks that it still does
 * (statementBreaches). Lines are in ledger order (entry id: a wallet's entries are written under its lock, so in id
 * order the balance after each line is the wallet's real balance at that moment).
 */
export interface StatementPeriod {
  month: string;
  timeZone: string;
  start: Date;
  end: Date;
}

export interface StatementTotals {
  walletId: string | null;
  openingCents: number;
  closingCents: number;
  inCents: number;
  outCents: number;
  feeCents: number;
  movements: number;
  /** The month's entries lie between these ids (null: none): the lines are read in this range only. */
  firstEntryId: string | null;
  lastEntryId: string | null;
}

/** What the CSV needs before its first line: the wallet, the opening balance and the month's range of entries. */
export type StatementStart = Pick<StatementTotals, 'walletId' | 'openingCents' | 'firstEntryId' | 'lastEntryId'>;

interface StatementLine {
  entryId: string;
  createdAt: Date;
  kind: string;
  counterparty: string | null;
  note: string | null;
  amountCents: number;
  feeCents: number;
  reference: string;
}

/** Lines read per query while streaming: small enough that memory stays flat, large enough for few round trips. */
const STATEMENT_BATCH = 1000;

const monthInvalid = () => new DomainError('statement_month_not_past');

/** The month's bounds in `tz` (PostgreSQL's zone rules); a month that has not ended yet is refused. */
export async function statementPeriod(database: Database, month: string, tz: string | undefined, now: Date): Promise<StatementPeriod> {
  const timeZone = tz ?? 'UTC';
  if (!validTimeZone(timeZone)) throw new DomainError('statement_time_zone_invalid');
  const [row] = await database.rows<{ start: Date | string; end: Date | string }>(sql`
    SELECT (${`${month}-01 00:00:00`}::timestamp AT TIME ZONE ${timeZone}) AS start,
           ((${`${month}-01 00:00:00`}::timestamp + interval '1 month') AT TIME ZONE ${timeZone}) AS end`);
  const start = new Date(row!.start);
  const end = new Date(row!.end);
  if (end.getTime() > now.getTime()) throw monthInvalid();
  return { month, timeZone, start, end };
}

/** The totals, in one statement (one snapshot): opening, the month's in/out/fees, and the range of its entries. */
export async function statementTotals(database: Database, userId: string, period: StatementPeriod): Promise<StatementTotals> {
  const [row] = await database.rows<Record<string, string | null>>(sql`
    WITH w AS (SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = ${userId}),
    mine AS (
      SELECT p.entry_id, p.amount_cents, e.created_at, e.payment_id FROM postings p
      JOIN journal_entries e ON e.id = p.entry_id
      WHERE p.account_id = (SELECT id FROM w) AND e.created_at < ${period.end.toISOString()}::timestamptz
    ),
    month AS (SELECT * FROM mine WHERE created_at >= ${period.start.toISOString()}::timestamptz)
    SELECT (SELECT id FROM w) AS wallet_id,
      (SELECT coalesce(sum(amount_cents), 0) FROM mine WHERE created_at < ${period.start.toISOString()}::timestamptz) AS opening,
      (SELECT coalesce(sum(amount_cents) FILTER (WHERE amount_cents > 0), 0) FROM month) AS money_in,
      (SELECT coalesce(-sum(amount_cents) FILTER (WHERE amount_cents < 0), 0) FROM month) AS money_out,
      (SELECT count(*) FROM month) AS movements,
      (SELECT min(entry_id) FROM month) AS first_entry,
      (SELECT max(entry_id) FROM month) AS last_entry,
      (SELECT coalesce(sum(${feeOf(sql`month`, userId)}), 0) FROM month) AS fees`);
  const opening = Number(row!.opening);
  const moneyIn = Number(row!.money_in);
  const moneyOut = Number(row!.money_out);
  return {
    walletId: row!.wallet_id ?? null,
    openingCents: opening,
    closingCents: opening + moneyIn - moneyOut,
    inCents: moneyIn,
    outCents: moneyOut,
    feeCents: Number(row!.fees),
    movements: Number(row!.movements),
    firstEntryId: row!.first_entry ?? null,
    lastEntryId: row!.last_entry ?? null,
  };
}

/**
 * The CSV's start, in one statement and one pass over the wallet's postings up to the month's end: the opening and the
 * month's first and last entry, without the month's money in, out and fees (the screen's figures; the fee is one
 * index probe per line, most of what statementTotals costs on a busy month), so the first byte waits for less.
 */
export async function statementStart(database: Database, userId: string, period: StatementPeriod): Promise<StatementStart> {
  const start = period.start.toISOString();
  const [row] = await database.rows<Record<string, string | null>>(sql`
    WITH w AS (SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = ${userId})
    SELECT (SELECT id FROM w) AS wallet_id,
      coalesce(sum(p.amount_cents) FILTER (WHERE e.created_at < ${start}::timestamptz), 0) AS opening,
      min(p.entry_id) FILTER (WHERE e.created_at >= ${start}::timestamptz) AS first_entry,
      max(p.entry_id) FILTER (WHERE e.created_at >= ${start}::timestamptz) AS last_entry
    FROM postings p JOIN journal_entries e ON e.id = p.entry_id
    WHERE p.account_id = (SELECT id FROM w) AND e.created_at < ${period.end.toISOString()}::timestamptz`);
  return {
    walletId: row?.wallet_id ?? null,
    openingCents: Number(row?.opening ?? 0),
    firstEntryId: row?.first_entry ?? null,
    lastEntryId: row?.last_entry ?? null,
  };
}

/**
 * The fee the wallet's owner paid with a movement: the fee revenue of its entry when the owner was the payer (a card
 * deposit, a payment they sent); a fee the other party paid is not theirs.
 */
function feeOf(alias: ReturnType<typeof sql>, userId: string) {
  // The fee account's id first (one row), so each line's fee is one probe of postings_account_entry_idx.
  return sql`(SELECT coalesce(sum(f.amount_cents), 0) FROM postings f
    WHERE f.account_id = (SELECT fa.id FROM ledger_accounts fa WHERE fa.kind = 'fee_revenue' AND fa.user_id IS NULL)
      AND f.entry_id = ${alias}.entry_id
      AND (${alias}.payment_id IS NULL OR EXISTS (SELECT 1 FROM payments sp WHERE sp.id = ${alias}.payment_id AND sp.sender_user_id = ${userId})))`;
}

/** One batch of lines after `afterEntryId`, in ledger order, within the month's entry range. */
async function statementLines(
  database: Database,
  userId: string,
  totals: StatementStart,
  period: StatementPeriod,
  afterEntryId: string,
  limit = STATEMENT_BATCH,
): Promise<StatementLine[]> {
  if (!totals.walletId || !totals.lastEntryId) return [];
  const rows = await database.rows<Record<string, string | null>>(sql`
    WITH month AS (
      SELECT p.entry_id, p.amount_cents, e.created_at, e.kind, e.payment_id, e.description FROM postings p
      JOIN journal_entries e ON e.id = p.entry_id
      WHERE p.account_id = ${totals.walletId}::bigint AND p.entry_id > ${afterEntryId}::bigint AND p.entry_id <= ${totals.lastEntryId}::bigint
        AND e.created_at >= ${period.start.toISOString()}::timestamptz AND e.created_at < ${period.end.toISOString()}::timestamptz
      ORDER BY p.entry_id
      LIMIT ${limit}
    )
    SELECT month.entry_id, month.created_at, month.kind, month.amount_cents, ${feeOf(sql`month`, userId)} AS fee,
      pay.description AS note,
      (SELECT u.username FROM users u WHERE u.id = CASE WHEN pay.sender_user_id = ${userId} THEN pay.receiver_user_id ELSE pay.sender_user_id END) AS counterparty,
      coalesce(month.payment_id::text, month.description, 'entry ' || month.entry_id) AS reference
    FROM month LEFT JOIN payments pay ON pay.id = month.payment_id
    ORDER BY month.entry_id`);
  return rows.map((r) => ({
    entryId: String(r.entry_id),
    createdAt: new Date(r.created_at!),
    kind: r.kind!,
    counterparty: r.counterparty ?? null,
    note: r.note ?? null,
    amountCents: Number(r.amount_cents),
    feeCents: Number(r.fee),
    reference: r.reference!,
  }));
}

/** How many lines the statement's JSON carries for the screen (getStatement); the CSV carries them all. */
const STATEMENT_SCREEN_LINES = 200;

/** The month's first lines for the screen, with the balance after each, as the CSV writes them. */
export async function statementScreenLines(database: Database, userId: string, period: StatementPeriod, totals: StatementTotals) {
  if (!totals.firstEntryId) return [];
  const lines = await statementLines(database, userId, totals, period, String(BigInt(totals.firstEntryId) - 1n), STATEMENT_SCREEN_LINES);
  let balance = totals.openingCents;
  return lines.map((l) => {
    balance += l.amountCents;
    return {
      created_at: l.createdAt.toISOString(),
      type: l.kind,
      counterparty: l.counterparty,
      note: l.note,
      amount: formatAmount(l.amountCents),
      fee: formatAmount(l.feeCents),
      balance_after: formatAmount(balance),
      reference: l.reference,
    };
  });
}

export function statementView(period: StatementPeriod, t: StatementTotals) {
  return {
    month: period.month,
    time_zone: period.timeZone,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    opening_balance: formatAmount(t.openingCents),
    closing_balance: formatAmount(t.closingCents),
    money_in: formatAmount(t.inCents),
    money_out: formatAmount(t.outCents),
    fees: formatAmount(t.feeCents),
    movements: t.movements,
  };
}

const CSV_HEADER = ['date_utc', 'date_local', 'type', 'counterparty', 'note', 'amount', 'fee', 'balance_after', 'reference'];

/** A CSV field: quoted when it must be; text a spreadsheet would run as a formula gets a leading apostrophe. */
function csvField(value: string, text = true): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** "2026-11-01 13:05:09" in `timeZone` (sv-SE writes that form): one formatter per statement, made once (costly). */
function localTimeFormat(timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (at) => format.format(at);
}

/** The CSV, header first, read and written one batch at a time (the caller streams what this yields). */
export async function* statementCsv(database: Database, userId: string, period: StatementPeriod, totals: StatementStart): AsyncGenerator<string> {
  yield `${CSV_HEADER.join(',')}\r\n`;
  if (!totals.firstEntryId) return;
  const localTime = localTimeFormat(period.timeZone);
  let balance = totals.openingCents;
  let after = String(BigInt(totals.firstEntryId) - 1n);
  for (;;) {
    const lines = await statementLines(database, userId, totals, period, after);
    if (lines.length === 0) return;
    let chunk = '';
    for (const l of lines) {
      balance += l.amountCents;
      chunk += `${[
        l.createdAt.toISOString(),
        localTime(l.createdAt),
        csvField(l.kind),
        csvField(l.counterparty ?? ''),
        csvField(l.note ?? ''),
        formatAmount(l.amountCents),
        formatAmount(l.feeCents),
        formatAmount(balance),
        csvField(l.reference),
      ].join(',')}\r\n`;
    }
    after = lines.at(-1)!.entryId;
    yield chunk;
    if (lines.length < STATEMENT_BATCH) return;
  }
}

/**
 * The audit's statement check (`npm run audit -- ledger`): for every wallet, last month's statement (UTC) is taken as
 * a user would get it and reconciled with the ledger: closing = opening + in − out, never below zero, and closing plus
 * every posting dated after the month equals the wallet's cached balance.
 */
export async function statementBreaches(database: Database, now: Date): Promise<string[]> {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const period = await statementPeriod(database, month, 'UTC', now);
  const wallets = await database.rows<{ user_id: string; balance_cents: string; after: string }>(sql`
    SELECT a.user_id, a.balance_cents,
      (SELECT coalesce(sum(p.amount_cents), 0) FROM postings p JOIN journal_entries e ON e.id = p.entry_id
        WHERE p.account_id = a.id AND e.created_at >= ${period.end.toISOString()}::timestamptz) AS after
    FROM ledger_accounts a WHERE a.kind = 'user_wallet'`);
  const breaches: string[] = [];
  for (const w of wallets) {
    const t = await statementTotals(database, w.user_id, period);
    if (t.closingCents !== t.openingCents + t.inCents - t.outCents) breaches.push(`statement ${month} of ${w.user_id} does not add up`);
    if (t.closingCents < 0) breaches.push(`statement ${month} of ${w.user_id} closes below zero: ${t.closingCents}`);
    if (t.closingCents + Number(w.after) !== Number(w.balance_cents)) {
      breaches.push(`statement ${month} of ${w.user_id} closes at ${t.closingCents}, but with ${w.after} since the wallet should hold ${w.balance_cents}`);
    }
  }
  return breaches;
}
