import { assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../domain/product';
import { formMessage, type FormMessage } from './forms/field-errors';

/**
 * Manage preferences (/settings): the language and notification emails, stored on the server
 * (`GET/PUT app/user/{userId}/preferences`). Once saved, the host switches the app to the saved language too (and
 * remembers it locally, spec 3 "{product}-lang").
 */
export interface Preferences {
  language: Locale;
  emailNotifications: boolean;
}

export interface PreferencesContext {
  userId: string;
  saved: Preferences;
  values: Preferences;
  message: FormMessage | null;
}

export type PreferencesEvent =
  | { type: 'CHANGE'; field: 'language'; value: Locale }
  | { type: 'CHANGE'; field: 'emailNotifications'; value: boolean }
  | { type: 'SAVE' }
  | { type: 'RETRY' };

export interface PreferencesInput {
  userId: string;
}

const DEFAULTS: Preferences = { language: 'en', emailNotifications: true };

export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    input: {} as PreferencesInput,
  },
  actors: {
    loadPreferences: fromPromise<Preferences, { userId: string }>(async () => {
      throw new Error('loadPreferences is provided by the host');
    }),
    savePreferences: fromPromise<Preferences, Preferences & { userId: string }>(async () => {
      throw new Error('savePreferences is provided by the host');
    }),
  },
  actions: {
    setPreferences: assign((_, preferences: Preferences) => ({ saved: preferences, values: preferences, message: null })),
    setValue: assign(({ context, event }) => (event.type === 'CHANGE' ? { values: { ...context.values, [event.field]: event.value }, message: null } : {})),
    clearMessage: assign({ message: null }),
    showError: assign({ message: ({ event }) => formMessage((event as { error?: unknown }).error, {}) }),
    // Host effects.
    notifySaved: () => {},
    applyLanguage: (_, _params: { language: Locale }) => {},
  },
}).createMachine({
  id: 'preferences',
  context: ({ input }) => ({ userId: input.userId, saved: DEFAULTS, values: DEFAULTS, message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPreferences',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'setPreferences', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      on: {
        CHANGE: { actions: 'setValue' },
        SAVE: { target: 'saving', actions: 'clearMessage' },
      },
    },
    saving: {
      invoke: {
        src: 'savePreferences',
        input: ({ context }) => ({ userId: context.userId, ...context.values }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'setPreferences', params: ({ event }) => event.output },
            { type: 'applyLanguage', params: ({ event }) => ({ language: event.output.language }) },
            'notifySaved',
          ],
        },
        onError: { target: 'ready', actions: 'showError' },
      },
    },
  },
});
