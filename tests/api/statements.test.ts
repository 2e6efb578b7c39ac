import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { postEntry } from '../../server/ledger/post-entry';
import { sendPayment } from '../../server/payments/service';
import { statementBreaches } from '../../server/ledger/statement';

/**
 * Monthly statements (issue 26.2) against a model: random histories (fast-check) of deposits (some with a card fee),
 * payments sent and received, at random instants over four past months, written through the real ledger code with
 * those instants; then each month's JSON statement and CSV are compared with what the model says moved.
 */
const MONTHS = ['2026-07', '2026-08', '2026-09', '2026-10'];
const START = Date.UTC(2026, 6, 1);
const END = Date.UTC(2026, 10, 1);
const NOTES = ['thanks, "friend"', '=HYPERLINK("x")', 'line\nbreak', 'plain', ''];

type Op =
  | { type: 'deposit'; cents: number; feeCents: number; at: number }
  | { type: 'send' | 'receive'; cents: number; at: number; note: string };

interface Movement {
  at: number;
  amountCents: number;
  feeCents: number;
  kind: string;
  counterparty: string;
  note: string;
}

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant('deposit' as const),
    cents: fc.integer({ min: 1, max: 50_000 }),
    feeCents: fc.constantFrom(0, 0, 59, 330),
    at: fc.integer({ min: START, max: END - 1 }),
  }),
  fc.record({
    type: fc.constantFrom('send' as const, 'receive' as const),
    cents: fc.integer({ min: 1, max: 20_000 }),
    at: fc.integer({ min: START, max: END - 1 }),
    note: fc.constantFrom(...NOTES),
  }),
);

/** RFC 4180 fields, quoted or not, CRLF line ends; enough for the statement's own output. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field), rows.push(row), (row = []), (field = ''), i++;
    } else field += ch;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe.each(databaseKinds())('monthly statements on $name', (kind) => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(kind);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  const get = (u: TestUser, path: string) =>
    api.inject({ method: 'GET', url: `/api/app/user/${u.id}/statements/${path}`, headers: { authtoken: u.token } });

  /** Writes the history through the ledger and the payment service, each at its instant; returns what moved. */
  async function write(me: TestUser, other: TestUser, ops: Op[]): Promise<Movement[]> {
    const db = api.fresh.database.db;
    const moved: Movement[] = [];
    let balance = 0;
    for (const o of ops) {
      const at = new Date(o.at);
      if (o.type === 'deposit') {
        await db.transaction((tx) =>
          postEntry(tx, {
            kind: 'card_deposit',
            description: `deposit test-${moved.length}`,
            createdAt: at,
            postings: [
              { account: { system: 'card_clearing' }, amountCents: -(o.cents + o.feeCents) },
              { account: { wallet: me.id }, amountCents: o.cents },
              ...(o.feeCents > 0 ? [{ account: { system: 'fee_revenue' } as const, amountCents: o.feeCents }] : []),
            ],
          }),
        );
        balance += o.cents;
        moved.push({ at: o.at, amountCents: o.cents, feeCents: o.feeCents, kind: 'card_deposit', counterparty: '', note: '' });
        continue;
      }
      if (o.type === 'send' && o.cents > balance) continue; // the model's wallet may not go below zero either
      const [from, to] = o.type === 'send' ? [me, other] : [other, me];
      await db.transaction((tx) =>
        sendPayment({ tx, now: at, userId: from.id }, { receiverUserId: to.id, amountCents: o.cents, paymentMethodId: 'balance', message: o.note || undefined }),
      );
      const signed = o.type === 'send' ? -o.cents : o.cents;
      balance += signed;
      moved.push({ at: o.at, amountCents: signed, feeCents: 0, kind: 'transfer', counterparty: other.username, note: o.note });
    }
    return moved;
  }

  async function checkMonth(me: TestUser, moved: Movement[], month: string, start: number, end: number, tz?: string) {
    const query = tz ? `?tz=${encodeURIComponent(tz)}` : '';
    const before = moved.filter((m) => m.at < start);
    const inMonth = moved.filter((m) => m.at >= start && m.at < end);
    const opening = before.reduce((s, m) => s + m.amountCents, 0);
    const moneyIn = inMonth.filter((m) => m.amountCents > 0).reduce((s, m) => s + m.amountCents, 0);
    const moneyOut = inMonth.filter((m) => m.amountCents < 0).reduce((s, m) => s - m.amountCents, 0);
    const fees = inMonth.reduce((s, m) => s + m.feeCents, 0);

    const res = await get(me, `${month}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const statement = res.json();
    expect(statement).toMatchObject({ month, time_zone: tz ?? 'UTC', period_start: new Date(start).toISOString(), period_end: new Date(end).toISOString() });
    expect(cents(statement.opening_balance)).toBe(opening);
    expect(cents(statement.money_in)).toBe(moneyIn);
    expect(cents(statement.money_out)).toBe(moneyOut);
    expect(cents(statement.fees)).toBe(fees);
    expect(cents(statement.closing_balance)).toBe(opening + moneyIn - moneyOut);
    expect(statement.movements).toBe(inMonth.length);

    const csv = await get(me, `${month}/csv${query}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="tipjar-statement-${month}.csv"`);
    const [header, ...lines] = parseCsv(csv.body);
    expect(header).toEqual(['date_utc', 'date_local', 'type', 'counterparty', 'note', 'amount', 'fee', 'balance_after', 'reference']);
    expect(lines).toHaveLength(inMonth.length);
    // Round trip: the lines' amounts, fees and last balance give the statement's totals back.
    expect(lines.reduce((s, l) => s + cents(l[5]!), 0)).toBe(cents(statement.closing_balance) - cents(statement.opening_balance));
    expect(lines.reduce((s, l) => s + cents(l[6]!), 0)).toBe(cents(statement.fees));
    if (lines.length) expect(cents(lines.at(-1)![7]!)).toBe(cents(statement.closing_balance));
    let balance = opening;
    lines.forEach((l, i) => {
      const m = inMonth[i]!;
      balance += m.amountCents;
      expect(l[0]).toBe(new Date(m.at).toISOString());
      expect(l[2]).toBe(m.kind);
      expect(l[3]).toBe(m.counterparty);
      // A note a spreadsheet would run as a formula is written with a leading apostrophe.
      expect(l[4]).toBe(m.note.startsWith('=') ? `'${m.note}` : m.note);
      expect(cents(l[5]!)).toBe(m.amountCents);
      expect(cents(l[7]!)).toBe(balance);
    });
    // The JSON carries the same movements for the screen (these months have fewer than its 200), the note as typed.
    expect(statement.lines).toHaveLength(inMonth.length);
    let shown = opening;
    (statement.lines as Array<Record<string, string | null>>).forEach((l, i) => {
      const m = inMonth[i]!;
      shown += m.amountCents;
      expect(l).toMatchObject({ created_at: new Date(m.at).toISOString(), type: m.kind, counterparty: m.counterparty || null, note: m.note || null });
      expect(cents(l.amount!)).toBe(m.amountCents);
      expect(cents(l.fee!)).toBe(m.feeCents);
      expect(cents(l.balance_after!)).toBe(shown);
    });
  }

  it('every month of a random history equals the model, in JSON and in CSV (fast-check)', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 24 }), async (ops) => {
        const now = api.clock.now();
        const me = await createUser(api.fresh.database, now);
        const other = await createUser(api.fresh.database, now);
        await fundWallet(api.fresh.database, other.id, 10_000_000, new Date(START - 86_400_000));
        // Written in time order, as a ledger is (an entry is dated by the clock of the transaction that writes it).
        const moved = await write(me, other, [...ops].sort((a, b) => a.at - b.at));
        for (const [i, month] of MONTHS.entries()) {
          await checkMonth(me, moved, month, Date.UTC(2026, 6 + i, 1), Date.UTC(2026, 7 + i, 1));
        }
        // São Paulo is UTC−3 all year: its September runs from 03:00 UTC on the 1st to 03:00 UTC on 1 October.
        await checkMonth(me, moved, '2026-09', Date.UTC(2026, 8, 1, 3), Date.UTC(2026, 9, 1, 3), 'America/Sao_Paulo');
      }),
      { numRuns: 5 },
    );
    // What `npm run audit -- ledger` checks of statements (the whole audit would also reconcile fee revenue with
    // deposit rows, which these ledger-only card deposits do not have).
    expect(await statementBreaches(api.fresh.database, new Date(END + 86_400_000))).toEqual([]);
  });

  it('the JSON shows the first 200 movements of a busier month; the CSV has them all', { timeout: 120_000 }, async () => {
    const now = api.clock.now();
    const me = await createUser(api.fresh.database, now);
    const other = await createUser(api.fresh.database, now);
    await fundWallet(api.fresh.database, other.id, 1_000_00, new Date(START - 86_400_000));
    const day = Date.UTC(2026, 7, 10);
    for (let i = 0; i < 205; i++) {
      await api.fresh.database.db.transaction((tx) =>
        sendPayment({ tx, now: new Date(day + i * 60_000), userId: other.id }, { receiverUserId: me.id, amountCents: 1_00, paymentMethodId: 'balance' }),
      );
    }
    const statement = (await get(me, '2026-08')).json();
    expect(statement.movements).toBe(205);
    expect(statement.lines).toHaveLength(200);
    expect(statement.lines[199]).toMatchObject({ amount: '1.00', balance_after: '200.00', counterparty: other.username });
    const [, ...lines] = parseCsv((await get(me, '2026-08/csv')).body);
    expect(lines).toHaveLength(205);
  });

  it("another user's statement is 404, as if it did not exist", async () => {
    const now = api.clock.now();
    const me = await createUser(api.fresh.database, now);
    const other = await createUser(api.fresh.database, now);
    for (const path of ['2026-09', '2026-09/csv']) {
      const res = await api.inject({ method: 'GET', url: `/api/app/user/${other.id}/statements/${path}`, headers: { authtoken: me.token } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('a month not ended, or an unknown time zone, is refused in the caller’s language', async () => {
    const now = api.clock.now();
    const me = await createUser(api.fresh.database, now);
    const thisMonth = now.toISOString().slice(0, 7);
    const current = await get(me, `${thisMonth}?lang=pt`);
    expect(current.statusCode).toBe(422);
    expect(current.json()).toMatchObject({ code: 'statement_month_not_past', detail: 'Os extratos são de meses que já terminaram.' });
    const zone = await get(me, '2026-09?tz=Mars/Olympus&lang=es');
    expect(zone.statusCode).toBe(422);
    expect(zone.json()).toMatchObject({ code: 'statement_time_zone_invalid', detail: 'Zona horaria desconocida.' });
    expect((await get(me, '2026-13')).statusCode).toBe(400);
    // PostgreSQL has no year 0 and reads year 20 as 0020: such months are refused as malformed, never a 500
    // (found by the fuzzer) — for the totals and for the CSV.
    for (const month of ['0000-04', '0020-12', '0000-04/csv', '1999-12/csv']) {
      const old = await get(me, month);
      expect(old.statusCode, month).toBe(400);
      expect(old.json(), month).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('at most 60 statements an hour per user: the 61st is 429 with Retry-After', { timeout: 60_000 }, async () => {
    const me = await createUser(api.fresh.database, api.clock.now());
    for (let i = 0; i < 60; i++) expect((await get(me, '2026-09')).statusCode).toBe(200);
    const over = await get(me, '2026-09/csv');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
