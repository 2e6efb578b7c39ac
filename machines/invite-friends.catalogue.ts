import { inviteFriendsMachine } from './invite-friends.machine';
import { entry } from './catalogue-entry';
import { activeUser, fieldRefusal, offline, succeeds, tooMany } from './catalogue-samples';

/** The flow atlas entry of `invite-friends` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: inviteFriendsMachine,
  purpose: "Invite friends (/contacts): a friend's email → an emailed invitation with the sign-up link; 'The phone or email is not valid' for a bad address.",
  views: ['src/features/people/invite-friends-section.tsx'],
  operations: { invite: ['inviteFriend'] },
  tests: ['tests/unit/machines/invite-friends-view.test.ts', 'tests/e2e/people.spec.ts', 'tests/api/people-phone-invite.test.ts'],
  fake: () => inviteFriendsMachine.provide({ actors: { invite: succeeds() }, actions: { notifySent: () => {} } }),
  inputs: { signedIn: { userId: activeUser.userId } },
  events: {
    CHANGE: [
      { type: 'CHANGE', value: 'friend@example.com' },
      { type: 'CHANGE', value: 'friend@' },
    ],
    SUBMIT: { type: 'SUBMIT' },
  },
  invokeResults: {
    invite: { done: [undefined], error: [fieldRefusal(400, 'validation_failed', 'email', 'The phone or email is not valid'), tooMany, offline] },
  },
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, email: snapshot.context.email, errors: Object.keys(snapshot.context.errors), message: snapshot.context.message }),
});
