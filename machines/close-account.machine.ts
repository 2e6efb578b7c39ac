import { assign, setup } from 'xstate';
import { formMessage, type FormMessage } from './forms/field-errors';
import { passwordGiven, passwordOf, passwordRefusal, refusedPassword, STEP_UP_RULE, type PasswordSubmitEvent } from './forms/step-up';
import { errorOf } from './forms/api-failure';
import { hostActor } from './forms/host-actor';
import type { FormTag } from './forms/form-view';

/**
 * Close account (/settings): the button opens the confirmation dialog (spec 2 "Dialogs: close account"), which
 * also asks for the current password (issue 21 step-up); Close → `POST app/user/{userId}/account/close` with it.
 * A wrong password keeps the dialog open with the server's words under the field. The server refuses while money
 * is in the wallet or payments are still open, and its reason (`detail`) is shown as it is; a closed account is
 * signed out for good (the host ends the session and leaves the app). The password is never kept in context.
 */
export interface CloseAccountContext {
  userId: string;
  /** Why the last attempt was refused (the server's words), shown by the close section. */
  message: FormMessage | null;
  /** The dialog's message under the password field. */
  passwordError: FormMessage | null;
}

export type CloseAccountEvent = { type: 'CLOSE' } | PasswordSubmitEvent | { type: 'CANCEL' };

export interface CloseAccountInput {
  userId: string;
}

export const closeAccountMachine = setup({
  types: {
    context: {} as CloseAccountContext,
    events: {} as CloseAccountEvent,
    input: {} as CloseAccountInput,
    tags: {} as FormTag,
  },
  actors: {
    closeAccount: hostActor<void, { userId: string; current_password: string }>('closeAccount'),
  },
  guards: {
    passwordGiven,
    refusedPassword: ({ event }) => refusedPassword(errorOf(event)),
  },
  actions: {
    clearMessage: assign({ message: null, passwordError: null }),
    showRefusal: assign({ message: ({ event }) => formMessage(errorOf(event), {}), passwordError: null }),
    showPasswordRequired: assign({ passwordError: STEP_UP_RULE.required }),
    showPasswordRefusal: assign({ passwordError: ({ event }) => passwordRefusal(errorOf(event)) }),
    // Host effects: the session is over (local data cleared, back to /), then the notice. In that order: ending the
    // session dismisses every message about the account (src/app/runtime/dismiss-on-sign-out.ts), and this one is
    // for the person who just closed it.
    endSession: () => {},
    notifyClosed: () => {},
  },
}).createMachine({
  id: 'closeAccount',
  context: ({ input }) => ({ userId: input.userId, message: null, passwordError: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { CLOSE: { target: 'confirming', actions: 'clearMessage' } },
    },
    confirming: {
      on: {
        PASSWORD_SUBMIT: [{ guard: 'passwordGiven', target: 'closing' }, { actions: 'showPasswordRequired' }],
        CANCEL: { target: 'idle', actions: 'clearMessage' },
      },
    },
    closing: {
      tags: 'busy',
      invoke: {
        src: 'closeAccount',
        // Straight from the dialog's event into the call: the password is not kept.
        input: ({ context, event }) => ({ userId: context.userId, current_password: passwordOf(event) }),
        onDone: { target: 'closed', actions: ['endSession', 'notifyClosed'] },
        onError: [
          { guard: 'refusedPassword', target: 'confirming', actions: 'showPasswordRefusal' },
          { target: 'refused', actions: 'showRefusal' },
        ],
      },
    },
    // The reason stays on screen; the user may try again once it is dealt with.
    refused: {
      on: { CLOSE: { target: 'confirming', actions: 'clearMessage' } },
    },
    // The host ends the session and leaves: the button keeps its working words until then.
    closed: { type: 'final', tags: 'busy' },
  },
});
