import { assign, setup } from 'xstate';
import type { Locale } from '../domain/product';
import { formMessage, type FormMessage } from './forms/field-errors';
import { errorOf } from './forms/api-failure';
import { hostActor } from './forms/host-actor';

/**
 * Manage preferences (/settings): the language and notification emails, stored on the server
 * (`GET/PUT app/user/{userId}/preferences`). Once saved, the host switches the app to the saved language too (and
 * remembers it locally, spec 3 "{product}-lang").
 *
 * The language applies as soon as it is picked (issue 22 item 10), as the switch in the public header does: the
 * page changes language at once, with no reload and no Save to find, and only the language is stored then
 * (`savingLanguage`: the saved preferences with the new language, so an unsaved change to the emails box is neither
 * saved nor lost). If the server refuses, the app goes back to the saved language and says why.
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
    loadPreferences: hostActor<Preferences, { userId: string }>('loadPreferences'),
    savePreferences: hostActor<Preferences, Preferences & { userId: string }>('savePreferences'),
  },
  guards: {
    languagePicked: ({ context, event }) => event.type === 'CHANGE' && event.field === 'language' && event.value !== context.values.language,
  },
  actions: {
    setPreferences: assign((_, preferences: Preferences) => ({ saved: preferences, values: preferences, message: null })),
    setValue: assign(({ context, event }) => (event.type === 'CHANGE' ? { values: { ...context.values, [event.field]: event.value }, message: null } : {})),
    /** After a refused language save: the language shown is the saved one again; the emails box keeps its value. */
    restoreLanguage: assign(({ context }) => ({ values: { ...context.values, language: context.saved.language } })),
    /** The server's answer for the language; an unsaved emails choice stays on screen. */
    setSavedLanguage: assign(({ context }, saved: Preferences) => ({ saved, values: { ...context.values, language: saved.language }, message: null })),
    clearMessage: assign({ message: null }),
    showError: assign({ message: ({ event }) => formMessage(errorOf(event), {}) }),
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
        CHANGE: [
          {
            guard: 'languagePicked',
            target: 'savingLanguage',
            actions: ['setValue', { type: 'applyLanguage', params: ({ event }) => ({ language: event.value as Locale }) }],
          },
          { actions: 'setValue' },
        ],
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
    savingLanguage: {
      invoke: {
        src: 'savePreferences',
        input: ({ context }) => ({ userId: context.userId, ...context.saved, language: context.values.language }),
        onDone: { target: 'ready', actions: [{ type: 'setSavedLanguage', params: ({ event }) => event.output }, 'notifySaved'] },
        onError: {
          target: 'ready',
          actions: ['restoreLanguage', { type: 'applyLanguage', params: ({ context }) => ({ language: context.saved.language }) }, 'showError'],
        },
      },
    },
  },
});
