import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { cardFeeCents } from '../../domain/money/fees';
import { formatMoney } from '../../domain/money/format-money';
import { createAccount, expectNoA11yViolations, fmt, storeLanguage, text, type Language } from './support/app';
import { addMoneyByCard } from './support/payments';
import { expectNoSidewaysScroll, PHONE_DEVICE } from './support/screen';
import { expect, test } from './support/test';

/**
 * The money chart (issue 26 item 1) on Home and the profile, as a person reads it: a user who added money by card,
 * was paid and paid someone sees the period's totals, the chart's bars by keyboard (each named with its date and
 * amounts) and the same figures in the table alternative; switches to 26 weeks. In English at 1280 px and in
 * Portuguese and Spanish on a 375 px phone, with axe and without sideways scrolling; a screenshot of each is kept.
 */
interface Person {
  context: BrowserContext;
  id: string;
}

async function person(browser: Browser, baseURL: string | undefined, headers: Record<string, string>, name: string): Promise<Person> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: headers });
  const account = await createAccount(context, { setUp: { fullName: `${name} Chart` } });
  return { context, id: account.user.userId };
}

async function send(from: Person, to: Person, amount: string) {
  const res = await from.context.request.post(`/api/app/user/${from.id}/payment/send/`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { receiverUserId: to.id, amount, paymentMethodId: 'balance' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const DEPOSIT = 30_00;
const RECEIVED = 5_00;
const SENT = 12_00;

const CASES: Array<{ language: Language; phone: boolean }> = [
  { language: 'en', phone: false },
  { language: 'pt', phone: true },
  { language: 'es', phone: true },
];

for (const { language, phone } of CASES) {
  test.describe(`money chart in ${language}`, () => {
    // Two card deposits settled by the capture job, then Home, 26 weeks and the profile, each with axe.
    test.slow();
    if (phone) test.use({ ...PHONE_DEVICE });
    else test.use({ viewport: { width: 1280, height: 860 } });

    let me: Person;
    let friend: Person;
    test.beforeEach(async ({ browser, baseURL, extraHTTPHeaders }) => {
      me = await person(browser, baseURL, extraHTTPHeaders ?? {}, 'Mia');
      friend = await person(browser, baseURL, extraHTTPHeaders ?? {}, 'Fred');
      await addMoneyByCard(friend.context, friend.id, '20.00');
      await addMoneyByCard(me.context, me.id, '30.00');
      await send(friend, me, '5.00');
      await send(me, friend, '12.00');
    });
    test.afterEach(async () => {
      await me.context.close();
      await friend.context.close();
    });

    test(`totals, bars by keyboard, the table and 26 weeks, on Home and the profile (${language})`, async () => {
      const t = (key: string, values: Record<string, string | number> = {}) => fmt(text(language, 'activity', `chart.${key}`), values);
      const money = (cents: number) => formatMoney(cents, language);
      const page: Page = await me.context.newPage();
      await storeLanguage(page, language);
      await page.goto('/');

      const chart = page.getByRole('region', { name: t('title') });
      await expect(chart).toBeVisible();
      await expect(chart.getByRole('button', { name: t('days30') })).toHaveAttribute('aria-pressed', 'true');
      // Money in: the deposit and the payment received; out: the payment sent.
      await expect(chart.getByRole('listitem').filter({ hasText: t('moneyIn') })).toContainText(money(DEPOSIT + RECEIVED));
      await expect(chart.getByRole('listitem').filter({ hasText: t('moneyOut') })).toContainText(money(SENT));
      const totals: Array<[string, number]> = [
        [t('received'), RECEIVED],
        [t('sent'), SENT],
        [t('fees'), cardFeeCents(DEPOSIT)],
        [t('withdrawn'), 0],
        [t('held'), 0],
      ];
      await expect(chart.getByRole('term')).toHaveText(totals.map(([label]) => label));
      await expect(chart.getByRole('definition')).toHaveText(totals.map(([, cents]) => money(cents)));

      // The bars: one tab stop, today's first; the arrow keys move to the day before.
      await expect(chart.getByRole('img')).toHaveCount(30);
      const todayBar = chart.getByRole('img').last();
      await todayBar.focus();
      await expect(todayBar).toBeFocused();
      await expect(todayBar).toHaveAccessibleName(new RegExp(`${escape(money(DEPOSIT + RECEIVED))}.*${escape(money(SENT))}`));
      await page.keyboard.press('ArrowLeft');
      await expect(chart.getByRole('img').nth(28)).toBeFocused();
      await expect(chart.getByRole('img').nth(28)).toHaveAccessibleName(new RegExp(`${escape(money(0))}.*${escape(money(0))}`));
      await page.keyboard.press('End');
      await expect(todayBar).toBeFocused();

      // The table alternative: in the page for screen readers, on screen when asked for, the same figures.
      const table = chart.getByRole('table', { name: t('tableCaption_day') });
      await expect(table.getByRole('row')).toHaveCount(31);
      const lastRow = table.getByRole('row').last();
      await expect(lastRow.getByRole('cell')).toHaveText([money(DEPOSIT + RECEIVED), money(SENT)]);
      await chart.getByRole('button', { name: t('showTable') }).click();
      await expect(table).toBeVisible();
      await expect(chart.getByRole('button', { name: t('hideTable') })).toHaveAttribute('aria-expanded', 'true');
      await expectNoSidewaysScroll(page, `${language} home chart`);
      await expectNoA11yViolations(page);
      await chart.screenshot({ path: test.info().outputPath(`chart-${language}-${phone ? 375 : 1280}.png`) });

      // 26 weeks: this week holds everything.
      await chart.getByRole('button', { name: t('weeks26') }).click();
      await expect(chart.getByRole('button', { name: t('weeks26') })).toHaveAttribute('aria-pressed', 'true');
      const weeks = chart.getByRole('table', { name: t('tableCaption_week') });
      await expect(weeks.getByRole('row')).toHaveCount(27);
      await expect(weeks.getByRole('row').last().getByRole('cell')).toHaveText([money(DEPOSIT + RECEIVED), money(SENT)]);
      await expect(chart.getByRole('img')).toHaveCount(26);
      await expect(chart.getByRole('definition').first()).toHaveText(money(RECEIVED));
      await expectNoSidewaysScroll(page, `${language} home chart, 26 weeks`);
      await expectNoA11yViolations(page);

      // The profile has it too.
      await page.goto('/profile');
      const onProfile = page.getByRole('region', { name: t('title') });
      await expect(onProfile.getByRole('definition').nth(1)).toHaveText(money(SENT));
      await expectNoSidewaysScroll(page, `${language} profile chart`);
      await expectNoA11yViolations(page);
    });
  });
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
