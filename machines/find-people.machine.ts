import { assign, setup } from 'xstate';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../domain/limits';
import { isSearchable, normalizeSearchTerm } from '../domain/user-search';
import type { Person } from './payments/person';
import { hostActor } from './forms/host-actor';

/**
 * Find people and connect (/contacts, spec 2 and 5): before anything is typed the screen lists the top people;
 * once 3 characters that count are typed (an email, an @username or a name; case, spaces and a leading @ ignored)
 * the search runs 300 ms after the last keystroke and its results replace them, or 'nothing found'. Clearing the
 * text brings the top people back. Adding someone as a contact runs beside the search (a parallel region), so the
 * list stays on screen while the call is made; someone already a contact cannot be added twice.
 *
 * Unlike the recipient search of the payment screens, nothing is "chosen" here: every person listed has an action.
 */
export interface FindPeopleContext {
  userId: string;
  text: string;
  top: Person[];
  results: Person[];
  contacts: Person[];
  /** The person being added, while the call runs. */
  adding: Person | null;
}

export type FindPeopleEvent =
  | { type: 'TYPE'; text: string }
  | { type: 'ADD'; person: Person }
  | { type: 'RETRY' }
  | { type: 'RETRY_SEARCH' };

export interface FindPeopleInput {
  userId: string;
}

export interface PeopleLists {
  top: Person[];
  contacts: Person[];
}

/** Whether this person may be added: listed on screen now, and not a contact yet. */
const addable = (context: FindPeopleContext, person: Person) =>
  !context.contacts.some((c) => c.userId === person.userId) &&
  [...context.top, ...context.results].some((p) => p.userId === person.userId);

export const findPeopleMachine = setup({
  types: {
    context: {} as FindPeopleContext,
    events: {} as FindPeopleEvent,
    input: {} as FindPeopleInput,
  },
  delays: {
    debounce: AUTOCOMPLETE_DEBOUNCE_MS,
  },
  actors: {
    loadPeople: hostActor<PeopleLists, { userId: string }>('loadPeople'),
    searchUsers: hostActor<Person[], { term: string }>('searchUsers'),
    addContact: hostActor<Person[], { userId: string; contactUserId: string }>('addContact'),
  },
  guards: {
    textIsSearchable: ({ event }) => event.type === 'TYPE' && isSearchable(event.text),
    foundSomeone: (_, people: Person[]) => people.length > 0,
    canAdd: ({ context, event }) => event.type === 'ADD' && addable(context, event.person),
  },
  actions: {
    storeLists: assign((_, lists: PeopleLists) => ({ top: lists.top, contacts: lists.contacts })),
    setText: assign({ text: ({ event }) => (event.type === 'TYPE' ? event.text : '') }),
    clearResults: assign({ results: [] }),
    storeResults: assign((_, results: Person[]) => ({ results })),
    setAdding: assign({ adding: ({ event }) => (event.type === 'ADD' ? event.person : null) }),
    storeContacts: assign((_, contacts: Person[]) => ({ contacts, adding: null })),
    clearAdding: assign({ adding: null }),
    // Host effects: 'contact added' / the server's reason, as notifications.
    notifyAdded: (_, _params: { person: Person | null }) => {},
    notifyAddFailed: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'findPeople',
  context: ({ input }) => ({ userId: input.userId, text: '', top: [], results: [], contacts: [], adding: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPeople',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'storeLists', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        search: {
          initial: 'topPeople',
          on: {
            TYPE: [
              // Not `reenter`: that would exit this region and, with it, restart an add in progress in the other one.
              // The active child is still left and entered again, so each keystroke restarts the pause.
              { guard: 'textIsSearchable', target: '.debouncing', actions: 'setText' },
              // Under 3 characters: back to the top people.
              { target: '.topPeople', actions: ['setText', 'clearResults'] },
            ],
          },
          states: {
            topPeople: {},
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
                    target: 'results',
                    actions: { type: 'storeResults', params: ({ event }) => event.output },
                  },
                  { target: 'nothingFound', actions: 'clearResults' },
                ],
                onError: { target: 'failed', actions: 'clearResults' },
              },
            },
            results: {},
            nothingFound: {},
            failed: {
              on: { RETRY_SEARCH: 'searching' },
            },
          },
        },
        contacts: {
          initial: 'idle',
          states: {
            idle: {
              on: { ADD: { guard: 'canAdd', target: 'adding', actions: 'setAdding' } },
            },
            adding: {
              invoke: {
                src: 'addContact',
                input: ({ context }) => ({ userId: context.userId, contactUserId: context.adding!.userId }),
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'notifyAdded', params: ({ context }) => ({ person: context.adding }) },
                    { type: 'storeContacts', params: ({ event }) => event.output },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [{ type: 'notifyAddFailed', params: ({ event }) => ({ error: event.error }) }, 'clearAdding'],
                },
              },
            },
          },
        },
      },
    },
  },
});
