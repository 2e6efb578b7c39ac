import { AUTOCOMPLETE_DEBOUNCE_MS, USER_SEARCH_MIN_CHARS } from '../domain/limits';
import { findPeopleMachine, type PeopleLists } from './find-people.machine';
import { apiFailure } from './forms/api-failure';
import { entry } from './catalogue-entry';
import { activeUser, ann, annabel, offline, resolves } from './catalogue-samples';

/** The flow atlas entry of `find-people` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: findPeopleMachine,
  purpose: `Find people and connect (/contacts): top people, then search by email, @username or name from ${USER_SEARCH_MIN_CHARS} characters (${AUTOCOMPLETE_DEBOUNCE_MS} ms after typing stops), 'nothing found'; add a contact beside the search.`,
  views: ['src/features/people/find-people-section.tsx'],
  operations: { loadPeople: ['topPeople', 'listContacts'], searchUsers: ['searchUsers'], addContact: ['addContact'] },
  tests: ['tests/unit/machines/find-people-view.test.ts', 'tests/e2e/people.spec.ts', 'tests/api/creators-contacts.test.ts', 'tests/api/user-search.test.ts'],
  fake: () =>
    findPeopleMachine.provide({
      actors: { loadPeople: resolves<PeopleLists>({ top: [ann], contacts: [] }), searchUsers: resolves([annabel]), addContact: resolves([ann]) },
      actions: { notifyAdded: () => {}, notifyAddFailed: () => {} },
    }),
  inputs: { signedIn: { userId: activeUser.userId } },
  events: {
    // Too short (back to the top people) and enough to search.
    TYPE: [
      { type: 'TYPE', text: 'an' },
      { type: 'TYPE', text: '@Ann' },
    ],
    // One of the top people, and someone only the search lists.
    ADD: [
      { type: 'ADD', person: ann },
      { type: 'ADD', person: annabel },
    ],
    RETRY: { type: 'RETRY' },
    RETRY_SEARCH: { type: 'RETRY_SEARCH' },
  },
  invokeResults: {
    loadPeople: { done: [{ top: [ann], contacts: [] }], error: [offline] },
    searchUsers: { done: [[annabel], []], error: [offline] },
    addContact: { done: [[ann]], error: [apiFailure(404, { code: 'user_not_found', detail: 'We could not find this user.' })] },
  },
  serializeState: (snapshot) =>
    // Not the text: '' and 'an' behave alike (top people), and only '@Ann' is ever searched.
    JSON.stringify({
      value: snapshot.value,
      results: snapshot.context.results.map((p) => p.userId),
      contacts: snapshot.context.contacts.map((p) => p.userId),
      adding: snapshot.context.adding?.userId ?? null,
    }),
});
