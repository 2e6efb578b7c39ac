import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { preferencesMachine, type Preferences } from '../../../machines/preferences.machine';
import { preferencesView } from '../../../machines/preferences.view';
import { gate, settle } from '../../support/gate';

const stored: Preferences = { language: 'en', emailNotifications: true };

function start(load: () => Promise<Preferences>, save: () => Promise<Preferences>) {
  return createActor(
    preferencesMachine.provide({ actors: { loadPreferences: fromPromise(load), savePreferences: fromPromise(save) } }),
    { input: { userId: 'u-1' } },
  ).start();
}

describe('the preferences section as its machine shows it (issue 24 item 6)', () => {
  it('a spinner while the preferences are read; a failed read offers "Try again" and no form', async () => {
    const read = gate<Preferences>();
    const actor = start(() => read.promise, () => new Promise(() => {}));
    expect(preferencesView(actor.getSnapshot())).toEqual({ loading: true, retry: false, form: null });
    read.fail(new Error('Failed to fetch'));
    await settle();
    expect(preferencesView(actor.getSnapshot())).toEqual({ loading: false, retry: true, form: null });
  });

  it('Save says "Saving…" and nothing takes a change while it runs; the saved values come back', async () => {
    const saved = gate<Preferences>();
    const actor = start(async () => stored, () => saved.promise);
    await settle();
    expect(preferencesView(actor.getSnapshot())).toEqual({
      loading: false,
      retry: false,
      form: {
        values: { language: 'en', emailNotifications: true },
        message: null,
        emailsEditable: true,
        save: { enabled: true, labelKey: 'preferences.save' },
      },
    });
    actor.send({ type: 'CHANGE', field: 'emailNotifications', value: false });
    actor.send({ type: 'SAVE' });
    expect(preferencesView(actor.getSnapshot()).form).toEqual({
      values: { language: 'en', emailNotifications: false },
      message: null,
      emailsEditable: false,
      save: { enabled: false, labelKey: 'preferences.saving' },
    });
    saved.open({ language: 'en', emailNotifications: false });
    await settle();
    expect(preferencesView(actor.getSnapshot()).form).toEqual({
      values: { language: 'en', emailNotifications: false },
      message: null,
      emailsEditable: true,
      save: { enabled: true, labelKey: 'preferences.save' },
    });
  });

  it('a language picked is stored at once: the same working words; a refusal restores the language and says why', async () => {
    const saved = gate<Preferences>();
    const actor = start(async () => stored, () => saved.promise);
    await settle();
    actor.send({ type: 'CHANGE', field: 'language', value: 'pt' });
    expect(preferencesView(actor.getSnapshot()).form).toEqual({
      values: { language: 'pt', emailNotifications: true },
      message: null,
      emailsEditable: false,
      save: { enabled: false, labelKey: 'preferences.saving' },
    });
    saved.fail(new Error('Failed to fetch'));
    await settle();
    expect(preferencesView(actor.getSnapshot()).form).toEqual({
      values: { language: 'en', emailNotifications: true },
      message: { key: 'errors:generic' },
      emailsEditable: true,
      save: { enabled: true, labelKey: 'preferences.save' },
    });
  });
});
