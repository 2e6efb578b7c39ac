import type { SnapshotFrom } from 'xstate';
import type { ButtonView } from './forms/form-view';
import type { findPeopleMachine } from './find-people.machine';
import type { Person } from './payments/person';

type FindPeopleSnapshot = Pick<SnapshotFrom<typeof findPeopleMachine>, 'matches' | 'can' | 'context'>;

/** A person in the top people or the results: "In contacts", or Add ("Adding…" on the one being added). */
export interface PersonRowView {
  person: Person;
  inContacts: boolean;
  add: ButtonView<'find.add' | 'find.adding'>;
}

/**
 * /contacts' find-people part as its machine shows it (issue 24 item 6): the page's part (loading, the failed read
 * with Retry, or ready), what the search area shows (the top people until 3 characters are typed, "Searching…"
 * from the first keystroke until the answer, the results, nothing found, or a failed search with its retry), each
 * listed person's button from `can(ADD)` — one add at a time, never a contact twice — and the contacts.
 */
export interface FindPeopleView {
  part: 'loading' | 'loadFailed' | 'ready';
  search: 'topPeople' | 'searching' | 'results' | 'nothingFound' | 'failed';
  top: PersonRowView[];
  results: PersonRowView[];
  retrySearch: boolean;
  contacts: Person[];
}

const SEARCH_STATES = ['topPeople', 'results', 'nothingFound', 'failed'] as const;

function searchPart(snapshot: FindPeopleSnapshot): FindPeopleView['search'] {
  const settled = SEARCH_STATES.find((s) => snapshot.matches({ ready: { search: s } }));
  return settled ?? 'searching';
}

export function findPeopleView(snapshot: FindPeopleSnapshot): FindPeopleView {
  const { top, results, contacts, adding } = snapshot.context;
  const row = (person: Person): PersonRowView => ({
    person,
    inContacts: contacts.some((c) => c.userId === person.userId),
    add: { enabled: snapshot.can({ type: 'ADD', person }), labelKey: adding?.userId === person.userId ? 'find.adding' : 'find.add' },
  });
  return {
    part: snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : 'ready',
    search: searchPart(snapshot),
    top: top.map(row),
    results: results.map(row),
    retrySearch: snapshot.can({ type: 'RETRY_SEARCH' }),
    contacts,
  };
}
