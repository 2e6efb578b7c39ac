import { assign, setup } from 'xstate';
import { InviteForm } from '../domain/rules/people-rules';
import { formMessage, hasErrors, serverFieldErrors, type FieldErrors, type FormMessage } from './forms/field-errors';
import { ruleErrors } from './forms/rule-errors';
import { errorOf } from './forms/api-failure';
import { hostActor } from './forms/host-actor';
import type { FormTag } from './forms/form-view';

/**
 * Invite friends (/contacts): a friend's email → the server emails them the user's sign-up link (rate limited);
 * 'invitation sent', and the field is emptied for the next friend. A bad address says 'The phone or email is not
 * valid'. The link itself is also on screen to copy (a view matter: no flow).
 */
export interface InviteFriendsContext {
  userId: string;
  email: string;
  errors: FieldErrors<'email'>;
  message: FormMessage | null;
}

export type InviteFriendsEvent = { type: 'CHANGE'; value: string } | { type: 'SUBMIT' };

export interface InviteFriendsInput {
  userId: string;
}

const problems = (context: InviteFriendsContext) => ruleErrors(InviteForm, { email: context.email }, ['email'] as const);

export const inviteFriendsMachine = setup({
  types: {
    context: {} as InviteFriendsContext,
    events: {} as InviteFriendsEvent,
    input: {} as InviteFriendsInput,
    tags: {} as FormTag,
  },
  actors: {
    invite: hostActor<void, { userId: string; email: string }>('invite'),
  },
  guards: {
    emailIsValid: ({ context }) => !hasErrors(problems(context)),
  },
  actions: {
    setEmail: assign(({ event }) => (event.type === 'CHANGE' ? { email: event.value, errors: {}, message: null } : {})),
    showRuleErrors: assign({ errors: ({ context }) => problems(context), message: null }),
    clearMessages: assign({ errors: {}, message: null }),
    clearEmail: assign({ email: '' }),
    showServerErrors: assign(({ event }) => {
      const error = errorOf(event);
      const errors = serverFieldErrors(error, ['email'] as const);
      return { errors, message: formMessage(error, errors) };
    }),
    // Host effects.
    focusFirstError: () => {},
    notifySent: (_, _params: { email: string }) => {},
  },
}).createMachine({
  id: 'inviteFriends',
  context: ({ input }) => ({ userId: input.userId, email: '', errors: {}, message: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'setEmail' },
        SUBMIT: [
          { guard: 'emailIsValid', target: 'sending', actions: 'clearMessages' },
          { actions: ['showRuleErrors', 'focusFirstError'] },
        ],
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        src: 'invite',
        input: ({ context }) => ({ userId: context.userId, email: context.email.trim() }),
        onDone: { target: 'editing', actions: [{ type: 'notifySent', params: ({ context }) => ({ email: context.email.trim() }) }, 'clearEmail'] },
        onError: { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
      },
    },
  },
});
