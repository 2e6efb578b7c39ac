import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test } from './support/test';
import { createAccount, DESKTOP, expectNoA11yViolations, fmt, mainHeading, storeLanguage, text, type Language, type TestAccount } from './support/app';
import { expectNoSidewaysScroll, PHONE_DEVICE } from './support/screen';

/**
 * Search and filter in activity (issue 26 item 3): a user's requests to two people, found by note text, person,
 * amount range and dates, with the filters in the address (a deep link opens the same search, Back the one before);
 * in English and Portuguese, on a phone, with axe. Requests are made through the real API (no money needed).
 */
async function someone(browser: Browser, baseURL: string | undefined, name: string): Promise<{ context: BrowserContext; account: TestAccount }> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  return { context, account: await createAccount(context, { setUp: { fullName: `${name} Tester` } }) };
}

for (const language of ['en', 'pt'] as const satisfies Language[]) {
  test.describe(`activity search in ${language}`, () => {
    test.use({ timezoneId: 'UTC', ...PHONE_DEVICE });

    test(`by note, person, amount and date, in the address, ${language}`, async ({ page, context, browser, baseURL }) => {
      test.slow();
      const a = (key: string, values?: Record<string, string | number>) => (values ? fmt(text(language, 'activity', key), values) : text(language, 'activity', key));
      const me = await createAccount(context, { setUp: { fullName: 'Mia Tester' } });
      const ann = await someone(browser, baseURL, 'Ann');
      const bob = await someone(browser, baseURL, 'Bob');
      const ask = async (from: TestAccount, amount: string, message: string) => {
        const res = await context.request.post(`/api/app/user/${me.user.userId}/payment/request/`, {
          data: { receiverUserId: from.user.userId, amount, message },
        });
        expect(res.status(), await res.text()).toBe(201);
      };
      await ask(ann.account, '5.00', 'Coffee beans');
      await ask(ann.account, '25.00', 'Concert tickets');
      await ask(bob.account, '12.00', 'coffee with Bob');
      await ann.context.close();
      await bob.context.close();
      const annName = ann.account.user.username!;
      const bobName = bob.account.user.username!;

      await storeLanguage(page, language);
      await page.goto('/transactions');
      await expect(mainHeading(page)).toHaveText(text(language, 'common', 'routes.transactions'));
      const rows = page.getByRole('list', { name: a('list.label') }).getByRole('listitem');
      await expect(rows).toHaveCount(3);

      const field = (name: string) => page.getByLabel(a(`filters.field.${name}`));
      const search = () => page.getByRole('button', { name: a('filters.search'), exact: true }).click();
      await page.getByText(a('filters.title'), { exact: true }).click();

      // Note text, any case.
      await field('text').fill('coffee');
      await search();
      await expect(page).toHaveURL(/[?&]q=coffee/);
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: 'Concert tickets' })).toHaveCount(0);

      // And the person (with its @).
      await field('person').fill(`@${annName}`);
      await search();
      await expect(page).toHaveURL(new RegExp(`[?&]person=%40${annName}`));
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Coffee beans');
      await expectNoSidewaysScroll(page, `${language} activity search`);
      await expectNoA11yViolations(page);

      // Back: the search before.
      await page.goBack();
      await expect(rows).toHaveCount(2);
      await expect(field('person')).toHaveValue('');

      // Amounts: from 10 up to 20 (any note, any person).
      await page.getByRole('button', { name: a('filters.clear') }).click();
      await expect(rows).toHaveCount(3);
      await expect(page).not.toHaveURL(/[?&]q=/);
      await page.getByText(a('filters.title'), { exact: true }).click();
      await field('min').fill('10');
      await field('max').fill('20');
      await search();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('coffee with Bob');
      await expect(rows.first()).toContainText(bobName);

      // A refused search says why and keeps the list.
      await field('text').fill('co');
      await field('min').fill('30');
      await search();
      await expect(page.getByText(a('filters.problem.textShort'))).toBeVisible();
      await expect(page.getByText(a('filters.problem.amountOrder'))).toBeVisible();
      await expect(field('text')).toHaveAttribute('aria-invalid', 'true');
      await expect(rows).toHaveCount(1);

      // A link to a search opens it: today's payments, then none before today.
      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      await page.goto(`/transactions?tab=pending&from=${today}&to=${today}&q=concert`);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Concert tickets');
      await expect(field('text')).toHaveValue('concert');
      await expect(field('from')).toHaveValue(today);
      await page.goto(`/transactions?to=${yesterday}`);
      await expect(page.getByText(a('filters.noMatches'))).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });
}
