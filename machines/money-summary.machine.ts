import { assign, setup, type PromiseActorLogic } from 'xstate';
import { hostActor } from './forms/host-actor';
import type { components } from '../openapi/schema';

/**
 * The money chart on Home and the profile (issue 26 item 1): the last 30 days by day or the last 26 weeks by week,
 * read in one call (getMoneySummary) in the user's time zone; switching the period reads again (a call still running
 * for the other period is dropped: leaving `loading` stops it); a failure offers a retry.
 */
export type MoneySummaryData = components['schemas']['MoneySummary'];
export type SummaryPeriod = MoneySummaryData['period'];

export interface MoneySummaryInput {
  userId: string;
  /** The user's IANA time zone (the browser's). */
  timeZone: string;
}

export interface MoneySummaryContext {
  userId: string;
  timeZone: string;
  period: SummaryPeriod;
  summary: MoneySummaryData | null;
}

export type MoneySummaryEvent = { type: 'CHOOSE_PERIOD'; period: SummaryPeriod } | { type: 'RETRY' };

export interface LoadSummaryInput {
  userId: string;
  period: SummaryPeriod;
  timeZone: string;
}

/** What a host provides: the call (src/api/money-summary-calls.ts in the browser). */
export interface MoneySummaryActors {
  loadSummary: PromiseActorLogic<MoneySummaryData, LoadSummaryInput>;
}

export const moneySummaryMachine = setup({
  types: {
    context: {} as MoneySummaryContext,
    events: {} as MoneySummaryEvent,
    input: {} as MoneySummaryInput,
  },
  actors: {
    loadSummary: hostActor<MoneySummaryData, LoadSummaryInput>('loadSummary'),
  },
  guards: {
    isOtherPeriod: ({ context, event }) => event.type === 'CHOOSE_PERIOD' && event.period !== context.period,
  },
  actions: {
    choosePeriod: assign(({ event }) => (event.type === 'CHOOSE_PERIOD' ? { period: event.period, summary: null } : {})),
    store: assign({ summary: ({ event }) => (event as unknown as { output: MoneySummaryData }).output }),
  },
}).createMachine({
  id: 'moneySummary',
  context: ({ input }) => ({ userId: input.userId, timeZone: input.timeZone, period: '30d', summary: null }),
  initial: 'loading',
  on: {
    CHOOSE_PERIOD: { guard: 'isOtherPeriod', target: '.loading', actions: 'choosePeriod' },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadSummary',
        input: ({ context }) => ({ userId: context.userId, period: context.period, timeZone: context.timeZone }),
        onDone: { target: 'loaded', actions: 'store' },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
