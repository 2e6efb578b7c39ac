import { assign, fromPromise, setup } from 'xstate';
import { formMessage, type FormMessage } from './forms/field-errors';

/**
 * Close account (/settings): the button opens the confirmation dialog (spec 2 "Dialogs: close account"); Yes →
 * `POST app/user/{userId}/account/close`. The server refuses while money is in the wallet or payments are still
 * open, and its reason (`detail`) is shown as it is; a closed account is signed out for good (the host ends the
 * session and leaves the app).
 */
export interface CloseAccountContext {
  userId: string;
  /** Why the last attempt was refused (the server's words), shown by the close section. */
  message: FormMessage | null;
}

export type CloseAccountEvent = { type: 'CLOSE' } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export interface CloseAccountInput {
  userId: string;
}

export const closeAccountMachine = setup({
  types: {
    context: {} as CloseAccountContext,
    events: {} as CloseAccountEvent,
    input: {} as CloseAccountInput,
  },
  actors: {
    closeAccount: fromPromise<void, { userId: string }>(async () => {
      throw new Error('closeAccount is provided by the host');
    }),
  },
  actions: {
    clearMessage: assign({ message: null }),
    showRefusal: assign({ message: ({ event }) => formMessage((event as { error?: unknown }).error, {}) }),
    // Host effects: the notice, then the session is over (local data cleared, back to /).
    notifyClosed: () => {},
    endSession: () => {},
  },
}).createMachine({
  id: 'closeAccount',
  context: ({ input }) => ({ userId: input.userId, message: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { CLOSE: { target: 'confirming', actions: 'clearMessage' } },
    },
    confirming: {
      on: {
        CONFIRM: 'closing',
        CANCEL: 'idle',
      },
    },
    closing: {
      invoke: {
        src: 'closeAccount',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'closed', actions: ['notifyClosed', 'endSession'] },
        onError: { target: 'refused', actions: 'showRefusal' },
      },
    },
    // The reason stays on screen; the user may try again once it is dealt with.
    refused: {
      on: { CLOSE: { target: 'confirming', actions: 'clearMessage' } },
    },
    closed: { type: 'final' },
  },
});
