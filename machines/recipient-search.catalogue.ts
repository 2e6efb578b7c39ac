import { AUTOCOMPLETE_DEBOUNCE_MS, USER_SEARCH_MIN_CHARS } from '../domain/limits';
import { recipientSearchMachine } from './recipient-search.machine';
import { entry } from './catalogue-entry';
import { ann, annabel, offline, resolves } from './catalogue-samples';

/** The flow atlas entry of `recipient-search` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: recipientSearchMachine,
  purpose: `Finds whom to pay or ask: suggestions by @username, email or name from ${USER_SEARCH_MIN_CHARS} characters, ${AUTOCOMPLETE_DEBOUNCE_MS} ms after typing stops; 'nothing found'; the choice dropped once the text stops naming it.`,
  views: ['src/features/payment/recipient-field.tsx'],
  operations: { searchUsers: ['searchUsers'] },
  tests: ['tests/unit/machines/recipient-search-view.test.ts', 'tests/e2e/payments.spec.ts', 'tests/api/user-search.test.ts'],
  fake: () => recipientSearchMachine.provide({ actors: { searchUsers: resolves([ann, annabel]) }, actions: { reportSelection: () => {} } }),
  inputs: { blank: {}, chosen: { selected: ann } },
  events: {
    // Too short; the chosen person's username (keeps a choice, else searches); another name (drops it, searches).
    TYPE: [
      { type: 'TYPE', text: 'an' },
      { type: 'TYPE', text: 'ann' },
      { type: 'TYPE', text: 'anna' },
    ],
    SELECT: { type: 'SELECT', person: ann },
    RETRY: { type: 'RETRY' },
  },
  invokeResults: { searchUsers: { done: [[ann, annabel], []], error: [offline] } },
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, text: snapshot.context.text, selected: snapshot.context.selected?.userId ?? null, results: snapshot.context.results.length }),
});
