import { USER_SEARCH_MIN_CHARS } from './limits';

/**
 * The one rule of how a typed search for a person is read, shared by the recipient search in the browser and the
 * server's user search (spec 5: filtering ignores case and spaces; suggestions from 3 characters). A leading `@`
 * means "username" to people, so it is not part of what is looked for.
 */
export function normalizeSearchTerm(text: string): string {
  return text.replace(/\s+/gu, '').replace(/^@+/u, '').toLowerCase();
}

/** Enough was typed to ask for suggestions. */
export function isSearchable(text: string): boolean {
  return normalizeSearchTerm(text).length >= USER_SEARCH_MIN_CHARS;
}

export interface PersonLabel {
  username: string;
  fullName: string | null;
}

/** What the search field shows once a person is chosen. */
export function personLabel(person: PersonLabel): string {
  return `@${person.username}`;
}

/**
 * Whether the typed text still names the chosen person: their @username or their full name, ignoring case and
 * spaces. When it stops doing so the choice is dropped (spec 5), so a payment never goes to someone the field no
 * longer shows.
 */
export function stillNames(person: PersonLabel, text: string): boolean {
  const typed = normalizeSearchTerm(text);
  if (typed === '') return false;
  return typed === normalizeSearchTerm(person.username) || (person.fullName !== null && typed === normalizeSearchTerm(person.fullName));
}
