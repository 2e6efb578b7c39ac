import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { findPeopleMachine } from '../../machines/find-people.machine';
import type { Person } from '../../machines/payments/person';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { ann, annabel } from './support/payments-fixtures';

interface Fakes {
  added: Array<Person | null>;
  failures: unknown[];
}
type Ctx = StepContext<typeof findPeopleMachine, Fakes>;

/** The search region's timers only: the contacts region never schedules anything. */
function noTimer(ctx: Ctx) {
  expect(ctx.scheduled).toEqual([]);
}
const searchRunning = (ctx: Ctx) => ctx.running.filter((r) => r.src === 'searchUsers');
/** Steps that move the search region (the other region's steps leave it where it was). */
const searchStep = (step: string) => /^(TYPE|after:|searchUsers|RETRY_SEARCH|loadPeople)/u.test(step);
/** Steps that move the contacts region. */
const contactsStep = (step: string) => /^(ADD|addContact|loadPeople)/u.test(step);
const addRunning = (ctx: Ctx) => ctx.running.filter((r) => r.src === 'addContact');

// Expectations written out, never computed by domain/user-search (issue 24 item 9). Spec §5: suggestions need at
// least 3 characters, with a 300 ms debounce.
const DEBOUNCE_MS = 300;
/** The texts that are not searched among the samples: nothing typed, "an" (two letters). */
const NOT_SEARCHED = ['', 'an'];

describeModel('find-people machine (model-based)', {
  ...fromCatalogue(catalogue['find-people']),
  setup: () => {
    const fakes: Fakes = { added: [], failures: [] };
    const machine = catalogue['find-people'].fake().provide({
      actions: {
        notifyAdded: (_, params) => void fakes.added.push(params.person),
        notifyAddFailed: (_, params) => void fakes.failures.push(params.error),
      },
    });
    return { machine, fakes };
  },
  states: {
    loading: ({ step, running, snapshot }) => {
      // The top people and the contacts, asked for the signed-in user (again on RETRY).
      expect(['init', 'RETRY']).toContain(step);
      expect(running).toEqual([{ src: 'loadPeople', id: expect.any(String), input: { userId: 'u-1' } }]);
      expect(snapshot.context.top).toEqual([]);
    },
    loadFailed: ({ step, running }) => {
      expect(step).toBe('loadPeople:error');
      expect(running).toEqual([]);
    },
    'ready.search.topPeople': (ctx) => {
      // Nothing searchable typed: the top people, no results, nothing asked.
      noTimer(ctx);
      expect(searchRunning(ctx)).toEqual([]);
      expect(NOT_SEARCHED).toContain(ctx.snapshot.context.text);
      expect(ctx.snapshot.context.results).toEqual([]);
      expect(ctx.snapshot.context.top).toEqual([ann]);
    },
    'ready.search.debouncing': (ctx) => {
      // 300 ms from the last keystroke; a search in flight was dropped.
      expect(searchRunning(ctx)).toEqual([]);
      if (searchStep(ctx.step)) {
        expect(ctx.step).toBe('TYPE[1]');
        expect(ctx.scheduled).toEqual([{ event: 'after:debounce', dueIn: DEBOUNCE_MS }]);
      } else {
        // An add started or ended meanwhile: the pause runs on untouched.
        expect(ctx.scheduled).toEqual([{ event: 'after:debounce', dueIn: expect.any(Number) }]);
      }
    },
    'ready.search.searching': (ctx) => {
      if (searchStep(ctx.step)) expect(['after:debounce', 'RETRY_SEARCH']).toContain(ctx.step);
      // The term as the server reads it: no @, lower case.
      expect(searchRunning(ctx)).toEqual([{ src: 'searchUsers', id: expect.any(String), input: { term: 'ann' } }]);
      expect(ctx.snapshot.context.text).toBe('@Ann');
    },
    'ready.search.results': (ctx) => {
      noTimer(ctx);
      if (ctx.step.startsWith('searchUsers')) expect(ctx.step).toBe('searchUsers:done[0]');
      expect(ctx.snapshot.context.results).toEqual([annabel]);
    },
    'ready.search.nothingFound': (ctx) => {
      noTimer(ctx);
      if (ctx.step.startsWith('searchUsers')) expect(ctx.step).toBe('searchUsers:done[1]');
      expect(ctx.snapshot.context.results).toEqual([]);
    },
    'ready.search.failed': (ctx) => {
      noTimer(ctx);
      expect(searchRunning(ctx)).toEqual([]);
      expect(ctx.snapshot.context.results).toEqual([]);
    },
    'ready.contacts.idle': (ctx) => {
      const { step, actions, fakes, snapshot } = ctx;
      expect(addRunning(ctx)).toEqual([]);
      expect(snapshot.context.adding).toBeNull();
      if (step === 'addContact:done') {
        // 'contact added', and the list the server answered.
        expect(actions).toEqual(['notifyAdded']);
        expect(fakes.added.at(-1)?.userId).toMatch(/^u-ann/u);
        expect(snapshot.context.contacts).toEqual([ann]);
      } else if (step === 'addContact:error') {
        expect(actions).toEqual(['notifyAddFailed']);
        expect(fakes.failures.at(-1)).toMatchObject({ code: 'user_not_found' });
      } else if (step.startsWith('ADD')) {
        // Not listed, or a contact already: nothing happens.
        const person = ctx.event.person as Person;
        const listed = [...snapshot.context.top, ...snapshot.context.results].some((p) => p.userId === person.userId);
        expect(!listed || snapshot.context.contacts.some((c) => c.userId === person.userId)).toBe(true);
        expect(actions).toEqual([]);
      }
    },
    'ready.contacts.adding': (ctx) => {
      // Only someone on screen who is not a contact yet.
      const person = ctx.snapshot.context.adding!;
      expect(ctx.snapshot.context.contacts.some((c) => c.userId === person.userId)).toBe(false);
      if (contactsStep(ctx.step)) {
        expect(ctx.step).toMatch(/^ADD\[[01]\]$/u);
        // Listed when asked for (a later search may replace the list while the call runs).
        expect([...ctx.snapshot.context.top, ...ctx.snapshot.context.results].map((p) => p.userId)).toContain(person.userId);
      }
      expect(addRunning(ctx)).toEqual([{ src: 'addContact', id: expect.any(String), input: { userId: 'u-1', contactUserId: person.userId } }]);
    },
  },
});
