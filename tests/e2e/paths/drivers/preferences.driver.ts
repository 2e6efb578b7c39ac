import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/preferences.catalogue';
import type { Preferences } from '../../../../machines/preferences.machine';
import { preferencesView } from '../../../../machines/preferences.view';
import { createAccount, text } from '../../support/app';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * Manage preferences, the preferences section of /settings (machines/preferences.machine.ts, its view-model
 * machines/preferences.view.ts), driven as a person: a fresh signed-in account per path, whose preferences are the
 * defaults (English, emails on). The server takes any language and either emails choice, so its only failures are
 * forced 503s: the read, the Save, and the language stored as it is picked (the app goes back to English).
 */
type PreferencesWorld = Record<string, never>;

const st = (key: string) => text('en', 'settings', key);
const serviceUnavailable = UNAVAILABLE_FAILURE;
const PREFERENCES = /\/api\/app\/user\/[^/?]+\/preferences(\?.*)?$/;
const DEFAULTS: Preferences = { language: 'en', emailNotifications: true };

const section = (page: Page) => page.getByRole('region', { name: st('preferences.title') });
const languageField = (page: Page) => section(page).getByLabel(st('preferences.language'), { exact: true });
const emailsBox = (page: Page) => section(page).getByLabel(st('preferences.emailNotifications'), { exact: true });

export const preferencesDriver: Driver<PreferencesWorld> = {
  name: 'preferences',
  machine: catalogue.fake(),
  input: catalogue.inputs!.signedIn,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    await createAccount(context, { setUp: { fullName: 'Marta Ruiz' } });
    return {};
  },

  async open({ page }) {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: st('preferences.title') })).toBeVisible();
  },

  events: {
    CHANGE: {
      // Spanish, picked: stored at once.
      samples: [{ field: 'language', value: 'es' }],
      perform: async ({ page }, { value }) => {
        await languageField(page).selectOption(String(value));
      },
    },
    SAVE: { perform: async ({ page }) => section(page).getByRole('button', { name: st('preferences.save'), exact: true }).click() },
    RETRY: { perform: async ({ page }) => section(page).getByRole('button', { name: st('preferences.retry'), exact: true }).click() },
  },

  outcomes: {
    loadPreferences: {
      done: [{ name: 'the defaults: English, emails on', value: DEFAULTS }],
      error: [{ name: 'the server is unavailable', value: serviceUnavailable, arrange: async ({ page }) => forceServerProblem(page, 'GET', PREFERENCES), logs: 503 }],
    },
    savePreferences: {
      done: [{ name: 'the preferences are stored', value: { language: 'es', emailNotifications: true } }],
      error: [{ name: 'the server is unavailable', value: serviceUnavailable, arrange: async ({ page }) => forceServerProblem(page, 'PUT', PREFERENCES), logs: 503 }],
    },
  },

  leftOut: {},

  async screen({ page }, snapshot) {
    const view = preferencesView(snapshot);
    const state = `preferences in ${JSON.stringify(snapshot.value)}`;
    const retry = section(page).getByRole('button', { name: st('preferences.retry'), exact: true });
    if (view.retry) {
      await expect(section(page).getByRole('alert').filter({ hasText: st('preferences.loadFailed') }), `${state}: the failure`).toBeVisible();
      await expectButton(retry, true, `${state}: "${st('preferences.retry')}"`);
      await expectAbsent(languageField(page), `${state}: the language`);
      return;
    }
    await expectAbsent(retry, `${state}: "${st('preferences.retry')}"`);
    if (!view.form) return;
    // The page speaks the language shown: every check here is in English, the only language a check meets.
    await expect(languageField(page), `${state}: the language`).toHaveValue(view.form.values.language);
    if (view.form.values.emailNotifications) await expect(emailsBox(page), `${state}: the emails box`).toBeChecked();
    else await expect(emailsBox(page), `${state}: the emails box`).not.toBeChecked();
    const alert = section(page).getByRole('alert');
    if (view.form.message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    await expectButton(section(page).getByRole('button', { name: st(view.form.save.labelKey), exact: true }), view.form.save.enabled, `${state}: view.save "${st(view.form.save.labelKey)}"`);
  },
};
