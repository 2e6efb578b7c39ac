import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

describeModel('preferences machine (model-based)', {
  ...fromCatalogue(catalogue.preferences),
  setup: () => {
    const fakes = { applied: [] as string[] };
    const machine = catalogue.preferences.fake().provide({
      actions: { applyLanguage: (_, params) => void fakes.applied.push((params as { language: string }).language) },
    });
    return { machine, fakes };
  },
  states: {
    loading: ({ running }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'loadPreferences', input: { userId: 'u-1' } })]);
    },
    loadFailed: ({ step }) => expect(step).toBe('loadPreferences:error'),
    ready: ({ snapshot, step, event, actions, fakes }) => {
      const { values, saved, message } = snapshot.context;
      if (step === 'loadPreferences:done') {
        expect(values).toEqual({ language: 'en', emailNotifications: true });
        expect(actions).toEqual([]);
      } else if (step.startsWith('CHANGE')) {
        // Only the emails box waits for Save: a new language applies and saves at once (savingLanguage); picking
        // the one shown already changes nothing.
        expect(values[event.field as 'language']).toBe(event.value);
        expect(actions).toEqual([]);
        if (event.field === 'emailNotifications') expect(message).toBeNull();
      } else if (step === 'savePreferences:done' && actions.length === 1) {
        // The language alone was stored: the server's answer, and an unsaved emails choice still on screen.
        expect(actions).toEqual(['notifySaved']);
        expect(saved).toEqual({ language: 'es', emailNotifications: false });
        expect(values.language).toBe('es');
        expect(fakes.applied).toEqual(['es']);
      } else if (step === 'savePreferences:done') {
        // The server's answer is what is shown, and the app switches to the saved language.
        expect(saved).toEqual({ language: 'es', emailNotifications: false });
        expect(values).toEqual(saved);
        expect(actions).toEqual(['applyLanguage', 'notifySaved']);
        expect(fakes.applied.at(-1)).toBe('es');
      } else if (step === 'savePreferences:error' && actions.length > 0) {
        // The language could not be stored: the app goes back to the saved one, and says why.
        expect(actions).toEqual(['applyLanguage']);
        expect(fakes.applied.at(-1)).toBe(saved.language);
        expect(values.language).toBe(saved.language);
        expect(messageText(message)).toBe('errors:generic');
      } else if (step === 'savePreferences:error') {
        expect(messageText(message)).toBe('errors:generic');
        expect(actions).toEqual([]);
      } else throw new Error(`unexpected way into ready: ${step}`);
    },
    saving: ({ running, snapshot }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'savePreferences', input: { userId: 'u-1', ...snapshot.context.values } })]);
    },
    savingLanguage: ({ running, snapshot, actions, fakes }) => {
      // Applied before the server answers (no reload, no Save); the saved preferences with the new language are sent.
      expect(actions).toEqual(['applyLanguage']);
      expect(fakes.applied.at(-1)).toBe('es');
      expect(running).toEqual([
        expect.objectContaining({ src: 'savePreferences', input: { userId: 'u-1', ...snapshot.context.saved, language: 'es' } }),
      ]);
    },
  },
});
