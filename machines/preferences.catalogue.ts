import { preferencesMachine, type Preferences } from './preferences.machine';
import { entry } from './catalogue-entry';
import { marta, offline, resolves } from './catalogue-samples';

const savedPreferences: Preferences = { language: 'es', emailNotifications: false };
const defaultPreferences: Preferences = { language: 'en', emailNotifications: true };

/** The flow atlas entry of `preferences` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: preferencesMachine,
  purpose: 'Manage preferences (/settings): language and notification emails, stored on the server; a language picked applies and is stored at once.',
  views: ['src/features/settings/preferences-section.tsx'],
  operations: { loadPreferences: ['getPreferences'], savePreferences: ['updatePreferences'] },
  tests: ['tests/unit/machines/preferences-view.test.ts', 'tests/e2e/account-settings.spec.ts', 'tests/api/account-settings.test.ts'],
  fake: () =>
    preferencesMachine.provide({
      actors: { loadPreferences: resolves(defaultPreferences), savePreferences: resolves(savedPreferences) },
    }),
  inputs: { signedIn: { userId: marta.userId } },
  events: {
    CHANGE: [
      { type: 'CHANGE', field: 'language', value: 'es' },
      { type: 'CHANGE', field: 'emailNotifications', value: false },
    ],
    SAVE: { type: 'SAVE' },
    RETRY: { type: 'RETRY' },
  },
  invokeResults: {
    loadPreferences: { done: [defaultPreferences], error: [offline] },
    savePreferences: { done: [savedPreferences], error: [offline] },
  },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, values: snapshot.context.values, message: snapshot.context.message }),
});
