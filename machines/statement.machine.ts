import { assign, setup } from 'xstate';
import { hostActor } from './forms/host-actor';
import type { components } from '../openapi/schema';
import { isStatementMonth, pastMonths } from './statements/statement-months';

/**
 * The on-screen monthly statement (issue 26 item 2): a month picker of past months (the last ended month first, the
 * chosen one mirrored in `?month=`), the month's statement (opening and closing balance, totals) and its movements,
 * read together; a failure offers a retry. Choosing another month starts over (a call still running for the old
 * month is dropped: leaving `loading` stops it).
 */
/** The month's statement as getStatement answers it: totals and the first movements (the CSV has them all). */
export type StatementData = components['schemas']['Statement'];

export interface StatementInput {
  userId: string;
  /** From `?month=`; anything else (or a month not in the picker) is the last ended month. */
  month: string | null;
  /** The user's IANA time zone (the browser's). */
  timeZone: string;
  /** The moment the picker counts back from (the page passes the current time). */
  now: string;
}

export interface StatementContext {
  userId: string;
  timeZone: string;
  months: string[];
  month: string;
  statement: StatementData | null;
}

export type StatementEvent = { type: 'CHOOSE_MONTH'; month: string } | { type: 'RETRY' };

export interface LoadStatementInput {
  userId: string;
  month: string;
  timeZone: string;
}

export const statementMachine = setup({
  types: {
    context: {} as StatementContext,
    events: {} as StatementEvent,
    input: {} as StatementInput,
  },
  actors: {
    loadStatement: hostActor<StatementData, LoadStatementInput>('loadStatement'),
  },
  guards: {
    isOtherPastMonth: ({ context, event }) =>
      event.type === 'CHOOSE_MONTH' && event.month !== context.month && context.months.includes(event.month),
  },
  actions: {
    chooseMonth: assign(({ event }) => (event.type === 'CHOOSE_MONTH' ? { month: event.month, statement: null } : {})),
    store: assign((_, statement: StatementData) => ({ statement })),
    // Host effect: keep `?month=` in step (replacing the history entry).
    writeMonth: (_, _params: { month: string }) => {},
  },
}).createMachine({
  id: 'statement',
  context: ({ input }) => {
    const months = pastMonths(new Date(input.now));
    const month = isStatementMonth(input.month) && months.includes(input.month) ? input.month : months[0]!;
    return { userId: input.userId, timeZone: input.timeZone, months, month, statement: null };
  },
  initial: 'loading',
  on: {
    CHOOSE_MONTH: {
      guard: 'isOtherPastMonth',
      target: '.loading',
      actions: ['chooseMonth', { type: 'writeMonth', params: ({ event }) => ({ month: event.month }) }],
    },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadStatement',
        input: ({ context }) => ({ userId: context.userId, month: context.month, timeZone: context.timeZone }),
        onDone: { target: 'loaded', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
