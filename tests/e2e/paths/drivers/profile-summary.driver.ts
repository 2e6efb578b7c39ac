import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/profile-summary.catalogue';
import type { ProfileSummary, ProfileSummaryContext } from '../../../../machines/profile-summary.machine';
import { sidebarBio } from '../../../../machines/profile-summary.view';
import { createAccount, mainHeading, text } from '../../support/app';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';

/**
 * The shell's copy of the profile (machines/profile-summary.machine.ts; its view-model machines/profile-summary.view.ts,
 * the sidebar's bio line), driven as a person at 1280 px, where the right sidebar shows: a fresh signed-in account
 * per path with a bio, opening /settings (whose only read of the profile is the shell's). The read's failure is a
 * forced 503; the sidebar is refreshed by saving the bio on /profile, reached from the sidebar's avatar.
 */
type SummaryWorld = Record<string, never>;

const BIO = 'Photos of the coast.';
const WITH_BIO: ProfileSummary = { bio_message: BIO, photo_key: null, background_key: null, price_points: [] };
const sidebar = (page: Page) => page.getByRole('complementary', { name: text('en', 'common', 'shell.sidebarLabel') });

export const profileSummaryDriver: Driver<SummaryWorld> = {
  name: 'profile-summary',
  machine: catalogue.fake(),
  input: catalogue.inputs!.signedIn,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    const account = await createAccount(context, { setUp: { fullName: 'Marta Ruiz' } });
    const saved = await context.request.patch(`/api/app/user/${account.user.userId}/profile`, { data: { bio_message: BIO } });
    expect(saved.status(), await saved.text()).toBe(200);
    return {};
  },

  async open({ page }) {
    await page.goto('/settings');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.settings'));
  },

  events: {
    REFRESH: {
      // The profile page's bio saved: it tells the shell.
      async perform({ page }) {
        await sidebar(page).getByRole('link', { name: text('en', 'common', 'shell.viewProfile') }).click();
        await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.profile'));
        const bio = page.getByLabel(text('en', 'creators', 'profile.bioLabel'), { exact: true });
        await expect(bio).toHaveValue(BIO);
        await page.getByRole('button', { name: text('en', 'creators', 'profile.saveBio'), exact: true }).click();
      },
    },
  },

  outcomes: {
    loadSummary: {
      done: [{ name: 'the profile with its bio', value: WITH_BIO }],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/profile(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page }, snapshot) {
    const { summary }: ProfileSummaryContext = snapshot.context;
    const line = sidebarBio(summary);
    const state = `profile-summary in ${JSON.stringify(snapshot.value)}`;
    await expect(sidebar(page), `${state}: the sidebar`).toBeVisible();
    if (line?.kind === 'bio') await expect(sidebar(page).getByText(line.text), `${state}: the bio`).toBeVisible();
    else await expect(sidebar(page).getByText(BIO), `${state}: no bio`).toHaveCount(0);
  },
};
