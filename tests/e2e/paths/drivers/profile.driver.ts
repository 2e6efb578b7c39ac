import { expect, type Page } from '@playwright/test';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { photoOffer, videoOffer } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/profile.catalogue';
import type { ProfileData } from '../../../../machines/profile.machine';
import { profileView } from '../../../../machines/profile.view';
import { createAccount, fmt, mainHeading, text, type TestAccount } from '../../support/app';
import { offerPricePoint } from '../../support/creators';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * My profile, /profile (machines/profile.machine.ts, its view-model machines/profile.view.ts), driven as the creator:
 * a fresh account per path with the model's profile — the bio "Photos of the coast." and its two price points, $5.00
 * and $12.00 — made through the API before the page reads it. A price point already gone when Yes is pressed is removed
 * through the API between Remove and Yes (another tab): a real 404. The bio's rules are the server's own, so the
 * save's failure is a forced 503, as are the read's.
 */
interface ProfileWorld {
  account: TestAccount;
  /** The real id of the model's photo offer. */
  photoId: string;
}

type Run = PathRun<ProfileWorld>;

const cr = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'creators', key), values);
const serviceUnavailable = UNAVAILABLE_FAILURE;

const MIA: ProfileData = { bio_message: 'Photos of the coast.', price_points: [photoOffer, videoOffer] };
const TOO_LONG = 'x'.repeat(281);

/** "$5.00": a price point as the page names it. */
const priceName = (price: string) => `$${Number(price).toFixed(2)}`;
const bioField = (page: Page) => page.getByLabel(cr('profile.bioLabel'), { exact: true });
const removeButton = (page: Page, price: string) => page.getByRole('button', { name: cr('profile.removeLabel', { name: priceName(price) }), exact: true });
const dialog = (page: Page) => page.getByRole('alertdialog', { name: cr('profile.removeDialogTitle') });
const retryButton = (page: Page) => page.getByRole('main').getByRole('button', { name: cr('profile.retry'), exact: true });

/** The model's profile, made for the account: its bio and its two offers. */
async function miasProfile({ context, world }: Run): Promise<void> {
  const userId = world.account.user.userId;
  const saved = await context.request.patch(`/api/app/user/${userId}/profile`, { data: { bio_message: MIA.bio_message } });
  expect(saved.status(), await saved.text()).toBe(200);
  for (const offer of MIA.price_points) {
    const id = await offerPricePoint(context, userId, { price: offer.price, description: offer.description, media_type: offer.media_type });
    if (offer.id === photoOffer.id) world.photoId = id;
  }
}

export const profileDriver: Driver<ProfileWorld> = {
  name: 'profile',
  machine: catalogue.fake(),
  input: catalogue.inputs!.creator,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    return { account: await createAccount(context, { setUp: { fullName: 'Mia Costa' } }), photoId: '' };
  },

  async open({ page }) {
    await page.goto('/profile');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.profile'));
  },

  events: {
    CHANGE: {
      // One character over the bio's 280.
      samples: [{ field: 'bio_message', value: TOO_LONG }],
      perform: async ({ page }, { value }) => bioField(page).fill(String(value)),
    },
    SAVE_BIO: { perform: async ({ page }) => page.getByRole('button', { name: cr('profile.saveBio'), exact: true }).click() },
    REMOVE: { samples: [{ id: photoOffer.id }], perform: async ({ page }) => removeButton(page, photoOffer.price).click() },
    CONFIRM: { perform: async ({ page }) => dialog(page).getByRole('button', { name: text('en', 'common', 'confirmDialog.yes'), exact: true }).click() },
    CANCEL: { perform: async ({ page }) => dialog(page).getByRole('button', { name: text('en', 'common', 'confirmDialog.no'), exact: true }).click() },
    RETRY: { perform: async ({ page }) => retryButton(page).click() },
  },

  outcomes: {
    loadProfile: {
      done: [{ name: 'the creator’s bio and two price points', value: MIA, arrange: miasProfile }],
      error: [
        {
          name: 'the server is unavailable',
          value: serviceUnavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/profile(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    saveBio: {
      done: [{ name: 'the bio is saved', value: MIA }],
      error: [
        {
          name: 'the server is unavailable',
          value: serviceUnavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'PATCH', /\/api\/app\/user\/[^/?]+\/profile(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    removePricePoint: {
      done: [{ name: 'the price point is removed', value: [videoOffer] }],
      error: [
        {
          name: 'the price point was removed in another tab meanwhile',
          value: apiFailure(404, { code: 'price_point_not_found', detail: 'This price point is no longer available.' }),
          async arrange({ context, world }) {
            const removed = await context.request.delete(`/api/app/user/${world.account.user.userId}/price-points/${world.photoId}`);
            expect(removed.status(), await removed.text()).toBe(200);
          },
          logs: 404,
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = profileView(snapshot);
    const state = `profile in ${JSON.stringify(snapshot.value)} (stage ${view.stage})`;
    if (view.stage === 'loadFailed') {
      await expect(page.getByRole('main').getByRole('alert').filter({ hasText: cr('profile.loadFailed') }), `${state}: the failure`).toBeVisible();
      await expectButton(retryButton(page), true, `${state}: "${cr('profile.retry')}"`);
      await expectAbsent(bioField(page), `${state}: the bio`);
      return;
    }
    if (view.stage === 'loading') return;
    if (view.dialog.open && view.dialog.point) {
      // The dialog is modal: the page under it is out of the accessibility tree until it closes.
      await expect(dialog(page), `${state}: the confirmation`).toContainText(priceName(view.dialog.point.price));
      await expectButton(dialog(page).getByRole('button', { name: text('en', 'common', 'confirmDialog.yes'), exact: true }), true, `${state}: the dialog's Yes`);
      return;
    }
    await expect(dialog(page), `${state}: the confirmation`).toBeHidden();
    await expect(bioField(page), `${state}: the bio "${view.bio.value.slice(0, 20)}…"`).toHaveValue(view.bio.value);
    await expectFieldError(bioField(page), Boolean(view.bio.error), `${state}: the bio`);
    const alert = page.getByRole('region', { name: cr('profile.bioTitle') }).getByRole('alert');
    if (view.bio.message) await expect(alert, `${state}: the bio form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    await expectButton(page.getByRole('button', { name: cr(view.bio.save.labelKey), exact: true }), view.bio.save.enabled, `${state}: view.bio.save "${cr(view.bio.save.labelKey)}"`);
    const list = page.getByRole('list', { name: cr('profile.pricePointsTitle') });
    await expect(list.getByRole('listitem'), `${state}: the price points listed`).toHaveCount(view.pricePoints.length);
    for (const { point, remove } of view.pricePoints) {
      await expectButton(removeButton(page, point.price), remove, `${state}: Remove on ${priceName(point.price)}`);
    }
  },
};
