import type { SnapshotFrom } from 'xstate';
import { formView, type FormView } from './forms/form-view';
import type { inviteFriendsMachine } from './invite-friends.machine';

type InviteFriendsSnapshot = Pick<SnapshotFrom<typeof inviteFriendsMachine>, 'can' | 'hasTag' | 'context'>;

/** The invitation form (/contacts) as its machine shows it (issue 24 item 6): the field, "Send" / "Sending…", the refusal. */
export type InviteFriendsView = FormView<'invite.send' | 'invite.sending'>;

export const inviteFriendsView = (snapshot: InviteFriendsSnapshot): InviteFriendsView =>
  formView(snapshot, {
    change: { type: 'CHANGE', value: '' },
    submit: { type: 'SUBMIT' },
    idle: 'invite.send',
    busy: 'invite.sending',
  });
