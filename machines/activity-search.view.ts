import { centsFromInput } from '../domain/money/amount-input';
import { formatAmount } from '../domain/money/amount';

/**
 * The activity list's search and filters (issue 26 item 3): by person, note text, amount range and date range (the
 * status is the tab), kept in the address (`?person=&q=&min=&max=&from=&to=`, beside `?tab=`) so a search can be
 * shared, bookmarked and gone back to. What the filter form shows, what it refuses, and the list call's query.
 */
export interface ActivityFilters {
  /** A username, with or without `@`. */
  person: string;
  /** Text the note contains. */
  text: string;
  /** Amounts as typed ("12.5"). */
  min: string;
  max: string;
  /** Dates `YYYY-MM-DD` (a date input's value), inclusive, in the user's time zone. */
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilters = { person: '', text: '', min: '', max: '', from: '', to: '' };

/** The address's names for each filter. */
export const FILTER_PARAMS: Record<keyof ActivityFilters, string> = { person: 'person', text: 'q', min: 'min', max: 'max', from: 'from', to: 'to' };

/** A note search needs this many characters: the server's trigram index answers it (openapi.yaml `q`). */
const SEARCH_TEXT_MIN = 3;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const PERSON = /^@?[A-Za-z0-9._]{1,30}$/;

type FilterProblem = 'person' | 'textShort' | 'amount' | 'amountOrder' | 'date' | 'dateOrder';
export type FilterErrors = Partial<Record<keyof ActivityFilters, FilterProblem>>;

/** The filters of an address (anything missing is empty; each value trimmed). */
export function filtersFromParams(params: URLSearchParams): ActivityFilters {
  const read = (key: keyof ActivityFilters) => (params.get(FILTER_PARAMS[key]) ?? '').trim();
  return { person: read('person'), text: read('text'), min: read('min'), max: read('max'), from: read('from'), to: read('to') };
}

/** The address's query with these filters (empty ones removed), the other parameters (`tab`) kept. */
export function withFilters(params: URLSearchParams, filters: ActivityFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(FILTER_PARAMS) as Array<keyof ActivityFilters>) {
    const value = filters[key].trim();
    if (value) next.set(FILTER_PARAMS[key], value);
    else next.delete(FILTER_PARAMS[key]);
  }
  return next;
}

export function normalizeFilters(filters: ActivityFilters): ActivityFilters {
  return {
    person: filters.person.trim(),
    text: filters.text.trim(),
    min: filters.min.trim(),
    max: filters.max.trim(),
    from: filters.from.trim(),
    to: filters.to.trim(),
  };
}

export function sameFilters(a: ActivityFilters, b: ActivityFilters): boolean {
  const x = normalizeFilters(a);
  const y = normalizeFilters(b);
  return (Object.keys(FILTER_PARAMS) as Array<keyof ActivityFilters>).every((key) => x[key] === y[key]);
}

export function activeFilterCount(filters: ActivityFilters): number {
  return Object.values(normalizeFilters(filters)).filter((v) => v !== '').length;
}

/** What the form refuses, field by field (translation keys `filters.problem.*`); none: the search can run. */
export function filterErrors(input: ActivityFilters): FilterErrors {
  const f = normalizeFilters(input);
  const errors: FilterErrors = {};
  if (f.person && !PERSON.test(f.person)) errors.person = 'person';
  if (f.text && f.text.length < SEARCH_TEXT_MIN) errors.text = 'textShort';
  const min = f.min ? centsFromInput(f.min) : null;
  const max = f.max ? centsFromInput(f.max) : null;
  if (f.min && min === null) errors.min = 'amount';
  if (f.max && max === null) errors.max = 'amount';
  if (min !== null && max !== null && min > max) errors.max = 'amountOrder';
  if (f.from && !DATE.test(f.from)) errors.from = 'date';
  if (f.to && !DATE.test(f.to)) errors.to = 'date';
  if (!errors.from && !errors.to && f.from && f.to && f.from > f.to) errors.to = 'dateOrder';
  return errors;
}

export function hasErrors(errors: FilterErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Milliseconds `timeZone` is ahead of UTC at `at`. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - (at - (at % 1000));
}

/** The first instant of a day (`YYYY-MM-DD`, plus `addDays`) in `timeZone`. */
export function startOfDay(date: string, timeZone: string, addDays = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y!, m! - 1, d! + addDays);
  // Twice: the offset at the guess may differ from the offset at the answer across a clock change.
  const first = wall - zoneOffset(wall, timeZone);
  return new Date(wall - zoneOffset(first, timeZone));
}

/** The list call's search parameters (openapi.yaml `listPayments`) for valid filters; dates in `timeZone`. */
export function searchParams(input: ActivityFilters, timeZone: string) {
  const f = normalizeFilters(input);
  const amount = (text: string) => {
    const cents = text ? centsFromInput(text) : null;
    return cents === null ? undefined : formatAmount(cents);
  };
  return {
    ...(f.person ? { person: f.person } : {}),
    ...(f.text ? { q: f.text } : {}),
    ...(amount(f.min) !== undefined ? { minAmount: amount(f.min) } : {}),
    ...(amount(f.max) !== undefined ? { maxAmount: amount(f.max) } : {}),
    ...(f.from ? { from: startOfDay(f.from, timeZone).toISOString() } : {}),
    // "To" is inclusive on screen: the search ends where the next day starts.
    ...(f.to ? { to: startOfDay(f.to, timeZone, 1).toISOString() } : {}),
  };
}
