import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { findPeopleMachine, type PeopleLists } from '../../../machines/find-people.machine';
import { findPeopleView } from '../../../machines/find-people.view';
import type { Person } from '../../../machines/payments/person';
import { ann, annabel } from '../../model/support/payments-fixtures';
import { gate } from '../../support/gate';

const bo: Person = { userId: 'u-bo', username: 'bo', fullName: null, photo: null };

function start(calls: { load: () => Promise<PeopleLists>; search?: () => Promise<Person[]>; add?: () => Promise<Person[]> }) {
  return createActor(
    findPeopleMachine.provide({
      actors: {
        loadPeople: fromPromise(calls.load),
        searchUsers: fromPromise(calls.search ?? (() => new Promise<Person[]>(() => {}))),
        addContact: fromPromise(calls.add ?? (() => new Promise<Person[]>(() => {}))),
      },
      actions: { notifyAdded: () => {}, notifyAddFailed: () => {} },
    }),
    { input: { userId: 'u-me' } },
  ).start();
}

const addable = (person: Person) => ({ person, inContacts: false, add: { enabled: true, labelKey: 'find.add' } });

describe('find people as its machine shows it (issue 24 item 6)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loading; a failed read; then the top people, a contact marked, the others addable', async () => {
    const reads = [gate<PeopleLists>(), gate<PeopleLists>()];
    let n = 0;
    const actor = start({ load: () => reads[n++]!.promise });
    expect(findPeopleView(actor.getSnapshot()).part).toBe('loading');
    reads[0]!.fail(new Error('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    expect(findPeopleView(actor.getSnapshot()).part).toBe('loadFailed');
    actor.send({ type: 'RETRY' });
    reads[1]!.open({ top: [ann, bo], contacts: [bo] });
    await vi.advanceTimersByTimeAsync(0);
    expect(findPeopleView(actor.getSnapshot())).toEqual({
      part: 'ready',
      search: 'topPeople',
      top: [addable(ann), { person: bo, inContacts: true, add: { enabled: false, labelKey: 'find.add' } }],
      results: [],
      retrySearch: false,
      contacts: [bo],
    });
  });

  it('"Searching…" from the first keystroke until the answer; the results; a failed search offers its retry', async () => {
    const answers = [gate<Person[]>(), gate<Person[]>()];
    let n = 0;
    const actor = start({ load: async () => ({ top: [], contacts: [] }), search: () => answers[n++]!.promise });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'TYPE', text: 'ann' });
    expect(findPeopleView(actor.getSnapshot()).search).toBe('searching');
    await vi.advanceTimersByTimeAsync(1000);
    expect(findPeopleView(actor.getSnapshot()).search).toBe('searching');
    answers[0]!.fail(new Error('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    expect(findPeopleView(actor.getSnapshot())).toMatchObject({ search: 'failed', retrySearch: true });
    actor.send({ type: 'RETRY_SEARCH' });
    answers[1]!.open([ann, annabel]);
    await vi.advanceTimersByTimeAsync(0);
    expect(findPeopleView(actor.getSnapshot())).toMatchObject({ search: 'results', results: [addable(ann), addable(annabel)], retrySearch: false });
  });

  it('nothing found', async () => {
    const actor = start({ load: async () => ({ top: [], contacts: [] }), search: async () => [] });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'TYPE', text: 'zzz' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(findPeopleView(actor.getSnapshot()).search).toBe('nothingFound');
  });

  it('one add at a time: "Adding…" on that person, every Add disabled; then they are a contact', async () => {
    const added = gate<Person[]>();
    const actor = start({ load: async () => ({ top: [ann, annabel], contacts: [] }), add: () => added.promise });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ADD', person: ann });
    expect(findPeopleView(actor.getSnapshot()).top).toEqual([
      { person: ann, inContacts: false, add: { enabled: false, labelKey: 'find.adding' } },
      { person: annabel, inContacts: false, add: { enabled: false, labelKey: 'find.add' } },
    ]);
    added.open([ann]);
    await vi.advanceTimersByTimeAsync(0);
    expect(findPeopleView(actor.getSnapshot())).toMatchObject({
      top: [{ person: ann, inContacts: true, add: { enabled: false, labelKey: 'find.add' } }, addable(annabel)],
      contacts: [ann],
    });
  });
});
