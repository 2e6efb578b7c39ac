import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createAccount, DESKTOP, expectNoA11yViolations, fmt, holdBack, mainHeading, PHONE, storeLanguage, text, uniqueUsername, type Language } from './support/app';
import { addMoneyByCard, p, payer } from './support/payments';
import { expect, test } from './support/test';

/**
 * Issue 23 item 2: the supporters wall on the pay page, as the people on it use it — two fans pay, one asks to be
 * shown; a signed-out visitor sees that one (and the count) and never an amount; the creator hides it and it is gone.
 */
const cr = (language: Language, key: string, values: Record<string, string | number> = {}) => fmt(text(language, 'creators', key), values);
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "2 supporters" / "2 apoiadores": the heading's plural (i18next `_one` / `_other`, the count as a number). */
const supporters = (language: Language, count: number) =>
  text(language, 'creators', count === 1 ? 'supporters.count_one' : 'supporters.count_other').replace(/\{\{\s*count, number\s*\}\}/u, String(count));

const newContext = (browser: Browser) => browser.newContext({ baseURL: test.info().project.use.baseURL });

/** A fan tips the creator $5 from their pay page with a note, on the send screen ticking "Show my name…" or not. */
async function tipFromThePage(context: BrowserContext, language: Language, creator: string, note: string, showOnPage: boolean) {
  const page = await context.newPage();
  await storeLanguage(page, language);
  await page.goto(`/${creator}`);
  await page.getByRole('group', { name: cr(language, 'publicPage.amountsTitle') }).getByRole('radio').first().check();
  await page.getByLabel(cr(language, 'publicPage.noteLabel'), { exact: true }).fill(note);
  await page.getByRole('button', { name: new RegExp(`^${escape(cr(language, 'publicPage.payAmount', { amount: '' }))}`, 'u') }).click();
  await expect(page.getByLabel(p(language, 'fields.message'), { exact: true })).toHaveValue(note);
  const show = page.getByRole('checkbox', { name: p(language, 'send.showOnPage', { username: creator }) });
  // Off by default: the payer chooses, per payment.
  await expect(show).not.toBeChecked();
  if (showOnPage) await show.check();
  await page.getByRole('button', { name: new RegExp(p(language, 'actions.pay', { amount: '.*5[.,]00.*' })) }).click();
  await expect(page.getByRole('heading', { name: p(language, 'sent.title') })).toBeVisible();
  await page.close();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const [language, viewport] of [
  ['pt', PHONE],
  ['en', DESKTOP],
] as const) {
  test(`the supporters wall in ${language} at ${viewport.width} px: a shown message and the count for a visitor, no amount; the creator hides it`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const creatorContext = await newContext(browser);
    const creator = uniqueUsername('maya');
    await createAccount(creatorContext, { setUp: { fullName: 'Maya Castro', username: creator } });

    // Two fans pay from the page: Ben asks to be shown, Carla does not.
    const benContext = await newContext(browser);
    const ben = await payer(benContext, 'Ben Okafor');
    await addMoneyByCard(benContext, ben.user.userId, '20.00');
    await tipFromThePage(benContext, language, creator, 'Love the coast series', true);
    const carlaContext = await newContext(browser);
    const carla = await payer(carlaContext, 'Carla Quiet');
    await addMoneyByCard(carlaContext, carla.user.userId, '20.00');
    await tipFromThePage(carlaContext, language, creator, 'A secret thank you', false);

    // A visitor, signed out: Ben's name and message and the count of both; not Carla's; never an amount; no Hide.
    await storeLanguage(page, language);
    await page.setViewportSize(viewport);
    // The wall is read after the page is up, in a box that keeps its size: reading it moves nothing.
    const release = await holdBack(page, /\/supporters(\?|$)/u);
    await page.goto(`/${creator}`);
    await expect(mainHeading(page)).toHaveText('Maya Castro');
    const loading = page.getByRole('region', { name: cr(language, 'supporters.title') });
    await expect(loading.getByRole('status')).toHaveText(cr(language, 'supporters.loading'));
    const before = await loading.boundingBox();
    release();
    const wall = page.getByRole('region', { name: supporters(language, 2) });
    await expect(wall).toBeVisible();
    expect(await wall.boundingBox()).toEqual(before);
    await expect(wall.getByRole('listitem')).toHaveCount(1);
    await expect(wall.getByRole('listitem')).toContainText('Ben Okafor');
    await expect(wall.getByRole('listitem')).toContainText(`@${ben.username}`);
    await expect(wall.getByText('Love the coast series')).toBeVisible();
    await expect(page.getByText('A secret thank you')).toHaveCount(0);
    await expect(page.getByText('Carla Quiet')).toHaveCount(0);
    await expect(wall).not.toContainText(/\$|5[.,]00/u);
    await expect(wall.getByRole('button', { name: cr(language, 'supporters.hide') })).toHaveCount(0);
    // The avatar: no photo, so Ben's initials.
    await expect(wall.getByText('BO', { exact: true })).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`wall-visitor-${language}-${viewport.width}.png`), fullPage: true });
    await expectNoA11yViolations(page);

    // The creator, signed in on their own page, hides Ben's message: asked first, then told, then it is gone.
    const creatorPage = await creatorContext.newPage();
    await storeLanguage(creatorPage, language);
    await creatorPage.setViewportSize(viewport);
    await creatorPage.goto(`/${creator}`);
    const own = creatorPage.getByRole('region', { name: supporters(language, 2) });
    await own.getByRole('button', { name: cr(language, 'supporters.hideLabel', { name: 'Ben Okafor' }) }).click();
    const confirm = creatorPage.getByRole('alertdialog', { name: cr(language, 'supporters.confirmTitle') });
    await expect(confirm).toContainText(cr(language, 'supporters.confirmBody', { name: 'Ben Okafor' }));
    await noSidewaysScroll(creatorPage);
    await expectNoA11yViolations(creatorPage);
    await creatorPage.screenshot({ path: test.info().outputPath(`wall-confirm-${language}-${viewport.width}.png`) });
    // No keeps it.
    await confirm.getByRole('button', { name: text(language, 'common', 'confirmDialog.no') }).click();
    await expect(confirm).toBeHidden();
    await expect(own.getByText('Love the coast series')).toBeVisible();
    await own.getByRole('button', { name: cr(language, 'supporters.hideLabel', { name: 'Ben Okafor' }) }).click();
    await confirm.getByRole('button', { name: cr(language, 'supporters.hide'), exact: true }).click();
    await expect(creatorPage.getByRole('status').filter({ hasText: cr(language, 'supporters.hidden') })).toBeVisible();
    await expect(own.getByText('Love the coast series')).toHaveCount(0);
    await expect(own.getByText(cr(language, 'supporters.emptyNoMessages'))).toBeVisible();
    await creatorPage.screenshot({ path: test.info().outputPath(`wall-hidden-${language}-${viewport.width}.png`), fullPage: true });

    // Gone for the visitor too; the count of people is unchanged.
    await page.reload();
    const after = page.getByRole('region', { name: supporters(language, 2) });
    await expect(after.getByText(cr(language, 'supporters.emptyNoMessages'))).toBeVisible();
    await expect(page.getByText('Love the coast series')).toHaveCount(0);
    await expect(page.getByText('Ben Okafor')).toHaveCount(0);
    await noSidewaysScroll(page);
    await expectNoA11yViolations(page);

    await Promise.all([creatorContext.close(), benContext.close(), carlaContext.close()]);
  });
}
