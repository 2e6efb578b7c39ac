import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/price-point.catalogue';
import { apiFailure } from '../../../../machines/forms/api-failure';
import type { PricePointValues } from '../../../../machines/price-point.machine';
import { pricePointView } from '../../../../machines/price-point.view';
import { MAX_ACTIVE_PRICE_POINTS } from '../../../../domain/limits';
import { createAccount, fmt, mainHeading, text, type TestAccount } from '../../support/app';
import { offerPricePoint } from '../../support/creators';
import type { Driver } from '../driver';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Add a price point, /profile/price-point (machines/price-point.machine.ts, its view-model
 * machines/price-point.view.ts), driven as the creator: a fresh signed-in account per path. The form's rules are the
 * server's own; its real refusal is the limit of 12 price points, reached through the API before the screen's is sent.
 */
interface PricePointWorld {
  account: TestAccount;
}

const cr = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'creators', key), values);
const FIELDS: Record<keyof PricePointValues, string> = { description: 'pricePoint.description', media_type: 'pricePoint.mediaType', price: 'pricePoint.price' };

const field = (page: Page, name: 'description' | 'price') => page.getByLabel(cr(FIELDS[name]), { exact: true });
const mediaRadio = (page: Page, media: string) =>
  page.getByRole('group', { name: cr('pricePoint.mediaType') }).getByRole('radio', { name: cr(`mediaType.${media}`), exact: true });
const submit = (page: Page, key: string) => page.getByRole('main').getByRole('button', { name: cr(key), exact: true });

export const pricePointDriver: Driver<PricePointWorld> = {
  name: 'price-point',
  machine: catalogue.fake(),
  input: catalogue.inputs!.creator,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    return { account: await createAccount(context, { setUp: { fullName: 'Mia Costa' } }) };
  },

  async open({ page }) {
    await page.goto('/profile/price-point');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.pricePoint'));
  },

  events: {
    CHANGE: {
      // Every field good.
      samples: [
        { field: 'description', value: 'A signed photo' },
        { field: 'media_type', value: 'photo' },
        { field: 'price', value: '5' },
      ],
      async perform({ page }, { field: name, value }) {
        if (name === 'media_type') await mediaRadio(page, String(value)).check();
        else await field(page, name as 'description' | 'price').fill(String(value));
      },
    },
    SUBMIT: { perform: async ({ page }) => submit(page, 'pricePoint.submit').click() },
  },

  outcomes: {
    addPricePoint: {
      done: [{ name: 'the price point is added' }],
      error: [
        {
          name: `the creator already offers ${MAX_ACTIVE_PRICE_POINTS} price points`,
          value: apiFailure(409, { code: 'price_points_limit', detail: 'You can offer at most 12 price points. Remove one to add another.' }),
          async arrange({ context, world }) {
            for (let i = 1; i <= MAX_ACTIVE_PRICE_POINTS; i += 1) {
              await offerPricePoint(context, world.account.user.userId, { price: String(i), description: `Photo ${i}`, media_type: 'photo' });
            }
          },
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page }, snapshot) {
    const view = pricePointView(snapshot);
    const state = `price-point in ${JSON.stringify(snapshot.value)}`;
    const { values, errors } = snapshot.context as { values: PricePointValues; errors: Partial<Record<keyof PricePointValues, unknown>> };
    for (const name of ['description', 'price'] as const) {
      await expect(field(page, name), `${state}: ${name}`).toHaveValue(values[name]);
      await expectFieldError(field(page, name), Boolean(errors[name]), `${state}: ${name}`);
    }
    if (values.media_type) await expect(mediaRadio(page, values.media_type), `${state}: ${values.media_type} chosen`).toBeChecked();
    const alert = page.getByRole('main').getByRole('alert');
    if (view.message) await expect(alert, `${state}: the form's message`).toContainText(cr('errors.price_points_limit', { max: MAX_ACTIVE_PRICE_POINTS }));
    else await expectAbsent(alert, `${state}: a form message`);
    await expectButton(submit(page, view.submit.labelKey), view.submit.enabled, `${state}: view.submit "${cr(view.submit.labelKey)}"`);
  },
};
