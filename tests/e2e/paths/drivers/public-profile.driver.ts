import { expect, type Page } from '@playwright/test';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { photoOffer, videoOffer } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/public-profile.catalogue';
import { PRESET_AMOUNTS, type PublicProfileContext, type PublicProfileData } from '../../../../machines/public-profile.machine';
import { publicPageScreen } from '../../../../machines/public-profile.view';
import { createAccount, fmt, mainHeading, text, uniqueUsername } from '../../support/app';
import { offerPricePoint } from '../../support/creators';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * The public pay page /{username} (machines/public-profile.machine.ts, its view-model machines/public-profile.view.ts),
 * driven as a visitor (signed out): a fresh creator per path (but the one of an unknown name), made in another context
 * as the model's Mia Costa with her two price points (the bio is not on the screen's checks). The page the server sends carries the profile (no call); the app reads it when the visitor
 * comes back to the page in the same tab — "How it works", then the browser's Back — which is how each path opens
 * it, so the read's outcomes can be brought about: the profile, or a forced 503. An unknown name is the app itself,
 * which reads it and gets a real 404.
 */
interface ProfileWorld {
  username: string;
  /** The name is no one's: the page is the app's own, which reads it at once. */
  unknown: boolean;
}

const cr = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'creators', key), values);
const money = (amount: string) => `$${amount}`;
const serviceUnavailable = UNAVAILABLE_FAILURE;

/** Mia's page as the model reads it (the catalogue's sample: her name, bio and two offers). */
const MIA: PublicProfileData = {
  username: 'mia',
  user_id: 'u-9',
  full_name: 'Mia Costa',
  profile: { bio_message: 'Photos of the coast.', price_point_details: [photoOffer, videoOffer] },
};

/** Mia's page: her account, made in another context, with her two offers. */
async function miasPage({ browser, world }: PathRun<ProfileWorld>): Promise<void> {
  const creatorContext = await browser.newContext();
  try {
    const creator = await createAccount(creatorContext, { setUp: { fullName: MIA.full_name, username: world.username } });
    for (const offer of MIA.profile.price_point_details) {
      await offerPricePoint(creatorContext, creator.user.userId, { price: offer.price, description: offer.description, media_type: offer.media_type });
    }
  } finally {
    await creatorContext.close();
  }
}

const payForm = (page: Page) => page.getByRole('main');
const payButton = (page: Page) => page.getByRole('main').getByRole('button', { name: new RegExp(`^${cr('publicPage.pay')}( |$)`, 'u') });
const customField = (page: Page) => page.getByLabel(cr('publicPage.customLabel'), { exact: true });
const amountRadio = (page: Page, amount: string) =>
  page.getByRole('group', { name: cr('publicPage.amountsTitle') }).getByRole('radio', { name: money(amount), exact: true });

export const publicProfileDriver: Driver<ProfileWorld> = {
  name: 'public-profile',
  machine: catalogue.fake(),
  input: catalogue.inputs!.visitor,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start() {
    return { username: uniqueUsername('mia'), unknown: false };
  },

  async open({ page, world }) {
    await page.goto(`/${world.username}`);
    if (world.unknown) return;
    // Away and back: the page is the app's now, which reads the profile.
    await expect(mainHeading(page)).toHaveText(MIA.full_name);
    await page.getByRole('link', { name: text('en', 'common', 'header.howItWorks'), exact: true }).first().click();
    await expect(page).toHaveURL('/how-it-works');
    await page.goBack();
  },

  events: {
    SELECT_AMOUNT: { samples: [{ amount: '10.00' }], perform: async ({ page }, { amount }) => amountRadio(page, String(amount)).check() },
    SELECT_CUSTOM: {
      // The radio already chosen cannot be chosen again.
      possible: (before) => before.context.selection?.kind !== 'custom',
      perform: async ({ page }) => page.getByRole('radio', { name: cr('publicPage.custom'), exact: true }).check(),
    },
    CHANGE_CUSTOM: {
      // Below the $1 minimum; the field shows only once "Other amount" is chosen.
      samples: [{ value: '0.5' }],
      possible: (before) => before.context.selection?.kind === 'custom',
      perform: async ({ page }, { value }) => customField(page).fill(String(value)),
    },
    PAY: { perform: async ({ page }) => payButton(page).click() },
    BACK: { perform: async ({ page }) => page.getByRole('button', { name: cr('publicPage.change'), exact: true }).click() },
    RETRY: { perform: async ({ page }) => page.getByRole('button', { name: cr('profile.retry'), exact: true }).click() },
  },

  outcomes: {
    loadPublicProfile: {
      done: [{ name: 'the creator’s page', value: MIA, arrange: miasPage }],
      error: [
        {
          name: 'the name is no one’s',
          value: apiFailure(404, { code: 'profile_not_found', detail: 'We could not find this page.' }),
          arrange: async ({ world }) => {
            world.username = uniqueUsername('nobody');
            world.unknown = true;
          },
          logs: 404,
        },
        {
          name: 'the server is unavailable',
          value: serviceUnavailable,
          // The page exists: the server's page comes with it, and the read after "Try again" finds it.
          async arrange(run) {
            await miasPage(run);
            await forceServerProblem(run.page, 'GET', /\/api\/app\/public\/profile\/[^/?]+(\?.*)?$/);
          },
          logs: 503,
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const screen = publicPageScreen(snapshot);
    const { selection, error }: PublicProfileContext = snapshot.context;
    const state = `public-profile in ${JSON.stringify(snapshot.value)} (part ${screen.part})`;
    switch (screen.part) {
      case 'notFound':
        await expect(mainHeading(page), `${state}: the 404 page`).toHaveText(text('en', 'common', 'notFound.title'));
        return;
      case 'loadFailed':
        await expect(page.getByRole('alert').filter({ hasText: cr('publicPage.loadFailed') }), `${state}: the failure`).toBeVisible();
        await expectButton(page.getByRole('button', { name: cr('profile.retry'), exact: true }), screen.retry, `${state}: "${cr('profile.retry')}"`);
        return;
      case 'loading':
        return;
      case 'signIn':
        await expect(mainHeading(page), `${state}: the creator's name`).toHaveText(screen.profile.full_name);
        await expect(page.getByRole('heading', { name: cr('publicPage.signInTitle') }), `${state}: the sign-in offer`).toBeVisible();
        await expect(page.getByRole('link', { name: cr('publicPage.signUp'), exact: true }), `${state}: "${cr('publicPage.signUp')}"`).toBeVisible();
        await expectButton(page.getByRole('button', { name: cr('publicPage.change'), exact: true }), screen.back, `${state}: "${cr('publicPage.change')}"`);
        await expectAbsent(payButton(page), `${state}: the Pay button`);
        return;
      case 'pay':
        break;
    }
    await expect(mainHeading(page), `${state}: the creator's name`).toHaveText(screen.profile.full_name);
    for (const amount of PRESET_AMOUNTS) {
      const chosen = selection?.kind === 'amount' && selection.amount === amount;
      if (chosen) await expect(amountRadio(page, amount), `${state}: ${money(amount)} chosen`).toBeChecked();
      else await expect(amountRadio(page, amount), `${state}: ${money(amount)} not chosen`).not.toBeChecked();
    }
    if (selection?.kind === 'custom') await expect(customField(page), `${state}: the custom amount`).toBeVisible();
    else await expectAbsent(customField(page), `${state}: the custom amount`);
    const alert = payForm(page).getByRole('alert');
    if (error) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    const label = screen.purchase ? cr('publicPage.payAmount', { amount: money(screen.purchase.amount ?? '') }) : cr('publicPage.pay');
    await expect(payButton(page), `${state}: the Pay button "${label}"`).toHaveText(label);
  },
};
