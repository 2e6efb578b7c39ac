import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Person } from '../../../machines/payments/person';
import { recipientSearchMachine } from '../../../machines/recipient-search.machine';
import { recipientSearchView } from '../../../machines/recipient-search.view';
import { gate, settle } from '../../support/gate';

const maya: Person = { userId: 'u-maya', username: 'maya', fullName: 'Maya Lopez', photo: null };
const noName: Person = { userId: 'u-sam', username: 'sam', fullName: null, photo: null };

function start(selected: Person | null = null) {
  const answers: ReturnType<typeof gate<Person[]>>[] = [];
  const actor = createActor(
    recipientSearchMachine.provide({
      // No pause in a test: the search starts on the next turn.
      delays: { debounce: 0 },
      actors: {
        searchUsers: fromPromise(() => {
          const answer = gate<Person[]>();
          answers.push(answer);
          return answer.promise;
        }),
      },
    }),
    { input: { selected } },
  ).start();
  return { actor, answers, view: () => recipientSearchView(actor.getSnapshot()) };
}

describe('the recipient field as the recipient-search machine shows it (issue 24 item 6)', () => {
  it('typing: searching, then the suggestions listed; choosing one names them', async () => {
    const { actor, answers, view } = start();
    expect(view()).toEqual({ open: false, status: null, retry: false });
    actor.send({ type: 'TYPE', text: 'may' });
    await settle();
    expect(view()).toEqual({ open: false, status: { key: 'search.searching' }, retry: false });
    answers[0]!.open([maya]);
    await settle();
    expect(view()).toEqual({ open: true, status: null, retry: false });
    actor.send({ type: 'SELECT', person: maya });
    expect(view()).toEqual({ open: false, status: { key: 'search.chosen', name: 'Maya Lopez' }, retry: false });
  });

  it('nobody found says so; a failed search offers Retry, which searches again', async () => {
    const { actor, answers, view } = start();
    actor.send({ type: 'TYPE', text: 'zzz' });
    await settle();
    answers[0]!.open([]);
    await settle();
    expect(view()).toEqual({ open: false, status: { key: 'search.nothingFound' }, retry: false });
    actor.send({ type: 'TYPE', text: 'zzzz' });
    await settle();
    answers[1]!.fail(new Error('offline'));
    await settle();
    expect(view()).toEqual({ open: false, status: null, retry: true });
    actor.send({ type: 'RETRY' });
    expect(view()).toEqual({ open: false, status: { key: 'search.searching' }, retry: false });
  });

  it('opened for someone without a full name: named by their @username', () => {
    expect(start(noName).view()).toEqual({ open: false, status: { key: 'search.chosen', name: '@sam' }, retry: false });
  });
});
