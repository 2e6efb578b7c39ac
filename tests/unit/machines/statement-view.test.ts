import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { statementMachine, type LoadStatementInput, type StatementData } from '../../../machines/statement.machine';
import {
  monthLabel,
  pastMonths,
  signedCents,
  statementCsvHref,
  statementParts,
  statementScreen,
} from '../../../machines/statement.view';
import { gate, settle } from '../../support/gate';
import { octoberStatement, STATEMENT_NOW } from '../../../machines/statement.catalogue';

describe('statement view-model (issue 26 item 2)', () => {
  it('offers the months that have ended, newest first, in the user’s time zone', () => {
    expect(pastMonths(new Date(STATEMENT_NOW), 'UTC', 3)).toEqual(['2026-11', '2026-10', '2026-09']);
    // 1 December 01:00 UTC is still 30 November in São Paulo: November has not ended there.
    expect(pastMonths(new Date('2026-12-01T01:00:00Z'), 'America/Sao_Paulo', 2)).toEqual(['2026-10', '2026-09']);
    expect(pastMonths(new Date('2026-12-01T01:00:00Z'), 'UTC', 2)).toEqual(['2026-11', '2026-10']);
    // Across a year, and never before 2000; an unknown zone counts as UTC.
    expect(pastMonths(new Date('2027-01-05T00:00:00Z'), 'Nowhere/Else', 2)).toEqual(['2026-12', '2026-11']);
    expect(pastMonths(new Date('2000-02-10T00:00:00Z'), 'UTC', 5)).toEqual(['2000-01']);
  });

  it('names the month in the user’s language', () => {
    expect(monthLabel('2026-10', 'en')).toBe('October 2026');
    expect(monthLabel('2026-10', 'pt')).toBe('outubro de 2026');
    expect(monthLabel('2026-10', 'es')).toBe('octubre de 2026');
  });

  it('reads signed amounts as cents', () => {
    expect(signedCents('-7.50')).toBe(-750);
    expect(signedCents('12.3')).toBe(1230);
    expect(signedCents('0.00')).toBe(0);
  });

  it('shows totals and rows with times in the user’s zone and language', () => {
    const screen = statementScreen(octoberStatement, 'pt', 'America/Sao_Paulo');
    expect(screen).toMatchObject({ openingCents: 10_00, closingCents: 22_50, inCents: 20_00, outCents: 7_50, feesCents: 1_00, movements: 2, notShown: 0 });
    const [deposit, payment] = screen.rows;
    expect(deposit).toMatchObject({ typeKey: 'statement.type.card_deposit', counterparty: null, note: null, amountCents: 20_00, feeCents: 1_00, balanceAfterCents: 30_00 });
    // 18:30 UTC is 15:30 in São Paulo.
    expect(payment!.date).toBe(new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date('2026-10-20T18:30:00Z')));
    expect(payment!.date).toContain('15:30');
    expect(payment).toMatchObject({ typeKey: 'statement.type.transfer', counterparty: 'ana', note: 'Coffee', amountCents: -7_50, reference: 'p-1' });
  });

  it('counts the movements left to the CSV, names unknown kinds as written and shows a note as typed', () => {
    const screen = statementScreen(
      {
        ...octoberStatement,
        movements: 250,
        lines: [{ ...octoberStatement.lines[1]!, type: 'mystery', note: '=SUM(A1)' }],
      },
      'en',
      'UTC',
    );
    expect(screen.notShown).toBe(249);
    expect(screen.rows[0]).toMatchObject({ typeKey: null, kind: 'mystery', note: '=SUM(A1)' });
  });

  it('links the CSV of the month in the user’s zone and language', () => {
    expect(statementCsvHref('u-1', '2026-10', 'America/Sao_Paulo', 'pt')).toBe('/api/app/user/u-1/statements/2026-10/csv?tz=America%2FSao_Paulo&lang=pt');
  });
});

describe('statement machine', () => {
  it('starts on the month of the address when it has ended, else on the last ended month; follows a choice', async () => {
    const asked: LoadStatementInput[] = [];
    const written: string[] = [];
    const machine = statementMachine.provide({
      actors: { loadStatement: fromPromise(async ({ input }: { input: LoadStatementInput }) => (asked.push(input), octoberStatement)) },
      actions: { writeMonth: (_, { month }) => void written.push(month) },
    });
    const current = createActor(machine, { input: { userId: 'u-1', month: '2026-12', timeZone: 'UTC', now: STATEMENT_NOW } }).start();
    await waitFor(current, (s) => s.matches('loaded'));
    expect(asked).toEqual([{ userId: 'u-1', month: '2026-11', timeZone: 'UTC' }]);
    current.send({ type: 'CHOOSE_MONTH', month: '2026-10' });
    await waitFor(current, (s) => s.matches('loaded'));
    expect(asked.at(-1)?.month).toBe('2026-10');
    expect(written).toEqual(['2026-10']);
    const chosen = createActor(machine, { input: { userId: 'u-1', month: '2026-09', timeZone: 'UTC', now: STATEMENT_NOW } }).start();
    await waitFor(chosen, (s) => s.matches('loaded'));
    expect(asked.at(-1)?.month).toBe('2026-09');
  });
});

describe('the statement screen as its machine shows it (issue 24 item 6)', () => {
  it('the spinner while the month loads, the failure with Retry, then the statement', async () => {
    const reads: ReturnType<typeof gate<StatementData>>[] = [];
    const actor = createActor(
      statementMachine.provide({
        actors: {
          loadStatement: fromPromise(() => {
            const read = gate<StatementData>();
            reads.push(read);
            return read.promise;
          }),
        },
        actions: { writeMonth: () => {} },
      }),
      { input: { userId: 'u-1', month: null, timeZone: 'UTC', now: STATEMENT_NOW } },
    ).start();
    const parts = () => statementParts(actor.getSnapshot());
    expect(parts()).toEqual({ loading: true, retry: false, shown: false });
    reads[0]!.fail(new Error('offline'));
    await settle();
    expect(parts()).toEqual({ loading: false, retry: true, shown: false });
    actor.send({ type: 'RETRY' });
    expect(parts()).toEqual({ loading: true, retry: false, shown: false });
    reads[1]!.open(octoberStatement);
    await settle();
    expect(parts()).toEqual({ loading: false, retry: false, shown: true });
  });
});
