import { formatMoney, intlLocale } from '../domain/money/format-money';
import { parseAmount } from '../domain/money/amount';
import type { SnapshotFrom } from 'xstate';
import type { StatementData, statementMachine } from './statement.machine';
import { isStatementMonth, pastMonths } from './statements/statement-months';

export {  pastMonths } from './statements/statement-months';

/**
 * What the monthly statement screen shows (issue 26 item 2), from the statement (getStatement) and its CSV
 * (getStatementCsv): the picker's past months, the month's name, the totals and one row per movement with its date
 * and time in the user's time zone and language (Intl). The page renders only this.
 */


/** "November 2026", "noviembre de 2026", "novembro de 2026". */
export function monthLabel(month: string, language: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, 1)),
  );
}

/** A signed decimal string ("-12.50") as cents; anything else is 0 (the server writes only such strings). */
export function signedCents(amount: string): number {
  const negative = amount.startsWith('-');
  const cents = parseAmount(negative ? amount.slice(1) : amount) ?? 0;
  return negative ? -cents : cents;
}

/** The journal entry kinds the screen names (activity `statement.type.*`); any other is shown as written. */
const STATEMENT_TYPES = [
  'transfer',
  'card_deposit',
  'usdt_deposit',
  'withdrawal',
  'hold',
  'capture',
  'card_capture',
  'release',
  'hold_expired',
  'funding',
] as const;
type StatementType = (typeof STATEMENT_TYPES)[number];

const isStatementType = (kind: string): kind is StatementType => (STATEMENT_TYPES as readonly string[]).includes(kind);

export interface StatementRowView {
  key: string;
  /** ISO, for `<time dateTime>`. */
  at: string;
  /** Date and time in the user's zone and language. */
  date: string;
  /** `statement.type.<kind>` when known, else null (show `kind`). */
  typeKey: `statement.type.${StatementType}` | null;
  kind: string;
  counterparty: string | null;
  note: string | null;
  amountCents: number;
  feeCents: number;
  balanceAfterCents: number;
  reference: string;
}

export interface StatementScreen {
  openingCents: number;
  closingCents: number;
  inCents: number;
  outCents: number;
  feesCents: number;
  movements: number;
  rows: StatementRowView[];
  /** Movements the screen leaves to the CSV (0: all shown). */
  notShown: number;
}

/** The statement as the screen shows it, in `language` and `timeZone`. */
export function statementScreen(data: StatementData, language: string, timeZone: string): StatementScreen {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short', timeZone });
  } catch {
    format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  }
  const s = data;
  const rows = data.lines.map((l, i) => ({
    key: `${i}-${l.created_at}-${l.reference}`,
    at: l.created_at,
    date: format.format(new Date(l.created_at)),
    typeKey: isStatementType(l.type) ? (`statement.type.${l.type}` as const) : null,
    kind: l.type,
    counterparty: l.counterparty,
    note: l.note === '' ? null : l.note,
    amountCents: signedCents(l.amount),
    feeCents: signedCents(l.fee),
    balanceAfterCents: signedCents(l.balance_after),
    reference: l.reference,
  }));
  return {
    openingCents: signedCents(s.opening_balance),
    closingCents: signedCents(s.closing_balance),
    inCents: signedCents(s.money_in),
    outCents: signedCents(s.money_out),
    feesCents: signedCents(s.fees),
    movements: s.movements,
    rows,
    notShown: Math.max(0, s.movements - rows.length),
  };
}

/** Money for a statement row: formatMoney of the domain (the same text as the rest of the app). */
export const statementMoney = (cents: number, language: string) => formatMoney(cents, language);

/** The CSV's address for the "Download CSV" link (the session cookie authorises it; same origin). */
export function statementCsvHref(userId: string, month: string, timeZone: string, language: string): string {
  const query = new URLSearchParams({ tz: timeZone, lang: language });
  return `/api/app/user/${encodeURIComponent(userId)}/statements/${month}/csv?${query.toString()}`;
}

type StatementSnapshot = Pick<SnapshotFrom<typeof statementMachine>, 'matches' | 'can' | 'context'>;

/**
 * Which part of the statement screen shows (issue 24 item 6): the spinner while a month loads, the failure with
 * Retry (the machine takes RETRY), or the month's statement once it is read. The page renders this.
 */
export interface StatementParts {
  loading: boolean;
  retry: boolean;
  shown: boolean;
}

export function statementParts(snapshot: StatementSnapshot): StatementParts {
  return {
    loading: snapshot.matches('loading'),
    retry: snapshot.can({ type: 'RETRY' }),
    shown: snapshot.matches('loaded') && snapshot.context.statement !== null,
  };
}
