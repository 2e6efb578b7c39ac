import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { formatMoney } from '../../domain/money/format-money';
import { monthLabel } from '../../machines/statement.view';
import { expectNoA11yViolations, mainHeading, storeLanguage, text, type Language } from './support/app';
import { expectNoSidewaysScroll, PHONE_DEVICE } from './support/screen';
import { previousMonth, SEEDED_STATEMENT_USER, STATEMENT_HISTORY } from './support/statement-user';
import { test } from './support/test';

/**
 * The monthly statement screen (issue 26 item 2): last month's statement of the seeded account (its history was
 * written before the server started, tests/e2e/support/statement-user.ts), its totals and movements with times in the
 * browser's zone, and the CSV download; in English and Portuguese, on a phone without sideways scrolling, with axe.
 */
const h = STATEMENT_HISTORY;
const CASES: Array<{ language: Language; timeZone: string; sentLocalTime: string }> = [
  // Noon UTC on the 20th: 09:00 in São Paulo (UTC−3 all year), 21:00 in Tokyo (UTC+9).
  { language: 'en', timeZone: 'Asia/Tokyo', sentLocalTime: '9:00' },
  { language: 'pt', timeZone: 'America/Sao_Paulo', sentLocalTime: '09:00' },
];

for (const { language, timeZone, sentLocalTime } of CASES) {
  test.describe(`statements in ${language}`, () => {
    test.use({ timezoneId: timeZone, ...PHONE_DEVICE });

    test(`last month's statement and its CSV, ${language}`, async ({ page, context }) => {
      const t = (key: string, values: Record<string, string | number> = {}) =>
        Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text(language, 'activity', `statement.${key}`));
      const money = (cents: number) => formatMoney(cents, language);
      const { month } = previousMonth(new Date());
      const title = monthLabel(month, language);

      await storeLanguage(page, language);
      const signedIn = await context.request.post('/api/app/user/login/', {
        data: { email: SEEDED_STATEMENT_USER.email, password: SEEDED_STATEMENT_USER.password },
      });
      expect(signedIn.status(), await signedIn.text()).toBe(200);

      // From the wallet page's link.
      await page.goto('/withdraw-funds');
      await page.getByRole('link', { name: text(language, 'common', 'routes.statements') }).click();
      await expect(mainHeading(page)).toHaveText(t('title'));
      // The last ended month comes first.
      await expect(page.getByLabel(t('month'))).toHaveValue(month);

      const summary = page.getByRole('region', { name: t('summary', { month: title }) });
      await expect(summary).toBeVisible();
      // The definition list's terms and their amounts, in order.
      const figures: Array<[string, number]> = [
        [t('opening'), 0],
        [t('moneyIn'), h.depositCents + h.receivedCents],
        [t('moneyOut'), h.sentCents],
        [t('fees'), h.depositFeeCents],
        [t('closing'), h.depositCents + h.receivedCents - h.sentCents],
      ];
      await expect(summary.getByRole('term')).toHaveText(figures.map(([label]) => label));
      await expect(summary.getByRole('definition')).toHaveText(figures.map(([, cents]) => money(cents)));

      const movements = page.getByRole('list', { name: t('movementsLabel', { month: title }) });
      const items = movements.getByRole('listitem');
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toContainText(t('type.card_deposit'));
      await expect(items.nth(0)).toContainText(money(h.depositCents));
      await expect(items.nth(1)).toContainText(`${t('type.transfer')} · @${SEEDED_STATEMENT_USER.friend}`);
      await expect(items.nth(1)).toContainText(h.receivedNote);
      const sent = items.nth(2);
      await expect(sent).toContainText(h.sentNote);
      await expect(sent).toContainText(money(-h.sentCents));
      await expect(sent).toContainText(money(h.depositCents + h.receivedCents - h.sentCents));
      await expect(sent.locator('time')).toContainText(sentLocalTime);
      await expectNoSidewaysScroll(page, `${language} statement`);
      await expectNoA11yViolations(page);

      // The CSV: every movement, in ledger order, the notes quoted where they hold a comma.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t('downloadCsv', { month: title }) }).click()]);
      expect(download.suggestedFilename()).toBe(`tipjar-statement-${month}.csv`);
      const csv = readFileSync((await download.path())!, 'utf8');
      const lines = csv.split('\r\n').filter((l) => l !== '');
      expect(lines[0]).toBe('date_utc,date_local,type,counterparty,note,amount,fee,balance_after,reference');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain(',card_deposit,,,50.00,2.50,50.00,');
      expect(lines[2]).toContain(`,transfer,${SEEDED_STATEMENT_USER.friend},${h.receivedNote},12.00,0.00,62.00,`);
      expect(lines[3]).toContain(`,transfer,${SEEDED_STATEMENT_USER.friend},"${h.sentNote}",-7.25,0.00,54.75,`);

      // The month before: nothing moved; the choice is in the address.
      const earlier = previousMonth(new Date(`${month}-15T12:00:00Z`)).month;
      await page.getByLabel(t('month')).selectOption(earlier);
      await expect(page).toHaveURL(new RegExp(`[?&]month=${earlier}`));
      await expect(page.getByRole('region', { name: t('summary', { month: monthLabel(earlier, language) }) })).toBeVisible();
      await expect(page.getByText(t('none'))).toBeVisible();
    });
  });
}
