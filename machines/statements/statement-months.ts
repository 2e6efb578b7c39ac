/** Which months a statement can be asked for (issue 26 item 2): the past ones, as the API's YYYY-MM. */

/** How many past months the picker offers (the last ended month first). */
const STATEMENT_MONTHS = 12;
const MONTH = /^2[0-9]{3}-(0[1-9]|1[0-2])$/;

/** The API's month pattern (openapi.yaml StatementMonth). */
export function isStatementMonth(value: unknown): value is string {
  return typeof value === 'string' && MONTH.test(value);
}

/** `YYYY-MM` of a moment in a time zone (the month the user is living in). */
function monthIn(now: Date, timeZone: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month') };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The months that have ended in `timeZone` before `now`, newest first (never before 2000, as the API). */
export function pastMonths(now: Date, timeZone = 'UTC', count = STATEMENT_MONTHS): string[] {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const { year, month } = monthIn(now, zone);
  const months: string[] = [];
  for (let i = 1; i <= count; i++) {
    const index = year * 12 + (month - 1) - i;
    const y = Math.floor(index / 12);
    if (y < 2000) break;
    months.push(`${y}-${pad((index % 12) + 1)}`);
  }
  return months;
}
