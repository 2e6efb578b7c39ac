import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { inviteFriendsMachine } from '../../../machines/invite-friends.machine';
import { inviteFriendsView } from '../../../machines/invite-friends.view';
import { gate, settle } from '../../support/gate';

function start(invite: () => Promise<void>) {
  return createActor(inviteFriendsMachine.provide({ actors: { invite: fromPromise(invite) } }), { input: { userId: 'u-1' } }).start();
}

const idle = { editable: true, submit: { enabled: true, labelKey: 'invite.send' }, message: null };

describe('the invitation form (/contacts) as its machine shows it (issue 24 item 6)', () => {
  it('"Send"; "Sending…" and nothing to press or type while it goes; then the form again for the next friend', async () => {
    const call = gate<void>();
    const actor = start(() => call.promise);
    expect(inviteFriendsView(actor.getSnapshot())).toEqual(idle);
    actor.send({ type: 'CHANGE', value: 'friend@example.com' });
    actor.send({ type: 'SUBMIT' });
    expect(inviteFriendsView(actor.getSnapshot())).toEqual({ editable: false, submit: { enabled: false, labelKey: 'invite.sending' }, message: null });
    call.open();
    await settle();
    expect(inviteFriendsView(actor.getSnapshot())).toEqual(idle);
  });

  it('a failure no field explains: the generic message above the button', async () => {
    const actor = start(() => Promise.reject(new Error('Failed to fetch')));
    actor.send({ type: 'CHANGE', value: 'friend@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(inviteFriendsView(actor.getSnapshot())).toEqual({ ...idle, message: { key: 'errors:generic' } });
  });
});
