import { assign, setup } from 'xstate';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../domain/limits';
import { isSearchable, normalizeSearchTerm, personLabel, stillNames } from '../domain/user-search';
import type { Person } from './payments/person';
import { hostActor } from './forms/host-actor';

/**
 * The recipient field of the send and request screens (spec 5): suggestions by @username, email or name once
 * 3 characters that count are typed (case, spaces and a leading @ ignored: domain/user-search.ts), asked for
 * 300 ms after the last keystroke; 'nothing found' when the answer is empty. A chosen person stays chosen only
 * while the text still names them; typing anything else drops the choice, and the host is told either way
 * (`reportSelection`), so a payment never goes to someone the field no longer shows.
 */
export interface RecipientSearchContext {
  text: string;
  selected: Person | null;
  results: Person[];
}

export type RecipientSearchEvent = { type: 'TYPE'; text: string } | { type: 'SELECT'; person: Person } | { type: 'RETRY' };

export interface RecipientSearchInput {
  /** Already chosen: the screen was opened for a known receiver (a request, a public profile). */
  selected?: Person | null;
}

export const recipientSearchMachine = setup({
  types: {
    context: {} as RecipientSearchContext,
    events: {} as RecipientSearchEvent,
    input: {} as RecipientSearchInput,
  },
  delays: {
    debounce: AUTOCOMPLETE_DEBOUNCE_MS,
  },
  actors: {
    searchUsers: hostActor<Person[], { term: string }>('searchUsers'),
  },
  guards: {
    startsChosen: ({ context }) => context.selected !== null,
    textStillNamesChoice: ({ context, event }) =>
      event.type === 'TYPE' && context.selected !== null && stillNames(context.selected, event.text),
    textIsSearchable: ({ event }) => event.type === 'TYPE' && isSearchable(event.text),
    foundSomeone: (_, people: Person[]) => people.length > 0,
    isSuggested: ({ context, event }) => event.type === 'SELECT' && context.results.some((p) => p.userId === event.person.userId),
  },
  actions: {
    setText: assign({ text: ({ event }) => (event.type === 'TYPE' ? event.text : '') }),
    forgetChoice: assign({ selected: null }),
    clearResults: assign({ results: [] }),
    storeResults: assign((_, results: Person[]) => ({ results })),
    choose: assign(({ event }) => (event.type === 'SELECT' ? { selected: event.person, text: personLabel(event.person), results: [] } : {})),
    // Host effect: the screen's payment machine learns who is chosen now (null: nobody).
    reportSelection: (_, _params: { person: Person | null }) => {},
  },
}).createMachine({
  id: 'recipientSearch',
  context: ({ input }) => ({
    text: input.selected ? personLabel(input.selected) : '',
    selected: input.selected ?? null,
    results: [],
  }),
  initial: 'start',
  on: {
    TYPE: [
      { guard: 'textStillNamesChoice', target: '.chosen', actions: ['setText', 'clearResults'] },
      {
        guard: 'textIsSearchable',
        target: '.debouncing',
        reenter: true,
        actions: ['setText', 'forgetChoice', { type: 'reportSelection', params: { person: null } }],
      },
      { target: '.tooShort', actions: ['setText', 'forgetChoice', 'clearResults', { type: 'reportSelection', params: { person: null } }] },
    ],
  },
  states: {
    start: {
      always: [{ guard: 'startsChosen', target: 'chosen' }, { target: 'tooShort' }],
    },
    // Fewer than 3 characters that count: no suggestions.
    tooShort: {},
    // Typing: the search waits for a pause.
    debouncing: {
      after: { debounce: 'searching' },
    },
    searching: {
      invoke: {
        src: 'searchUsers',
        input: ({ context }) => ({ term: normalizeSearchTerm(context.text) }),
        onDone: [
          {
            guard: { type: 'foundSomeone', params: ({ event }) => event.output },
            target: 'suggestions',
            actions: { type: 'storeResults', params: ({ event }) => event.output },
          },
          { target: 'nothingFound', actions: 'clearResults' },
        ],
        onError: { target: 'failed', actions: 'clearResults' },
      },
    },
    suggestions: {
      on: {
        SELECT: {
          guard: 'isSuggested',
          target: 'chosen',
          actions: ['choose', { type: 'reportSelection', params: ({ event }) => ({ person: event.person }) }],
        },
      },
    },
    nothingFound: {},
    failed: {
      on: { RETRY: 'searching' },
    },
    chosen: {},
  },
});
