import { expectNoA11yViolations, fmt, text } from './support/app';
import { addCard, payer } from './support/payments';
import { expect, test } from './support/test';

/**
 * Home's first-step cards "Add a card" and "Complete your profile" (issue 5): shown to a new account, each gone
 * once done — the card through the cards API (its screen is the wallet work's), the bio on /profile, by hand.
 */
const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'activity', key), values);
const cr = (key: string) => text('en', 'creators', key);

test.slow();

test('add a card and complete the profile: each first step shows until it is done', async ({ page, context }) => {
  const account = await payer(context, 'Nina Newcomer');
  await page.goto('/');
  const steps = page.getByRole('region', { name: a('home.firstStepsTitle') });
  const addCardStep = steps.getByRole('heading', { name: a('home.addCard.title') });
  const profileStep = steps.getByRole('heading', { name: a('home.completeProfile.title') });
  await expect(addCardStep).toBeVisible();
  await expect(profileStep).toBeVisible();
  // Verified by payer(): that step is already gone.
  await expect(steps.getByRole('heading', { name: a('home.verifyEmail.title') })).toBeHidden();
  await expect(steps.getByRole('link', { name: a('home.addCard.action') })).toHaveAttribute('href', '/settings/payment-methods/add-new-card');
  await expectNoA11yViolations(page);

  await addCard(context, account.user.userId);
  await page.reload();
  await expect(profileStep).toBeVisible();
  await expect(addCardStep).toBeHidden();

  await steps.getByRole('link', { name: a('home.completeProfile.action') }).click();
  await expect(page).toHaveURL('/profile');
  await page.getByLabel(cr('profile.bioLabel'), { exact: true }).fill('Street photographer in Lisbon.');
  await page.getByRole('button', { name: cr('profile.saveBio') }).click();
  await expect(page.getByText(cr('profile.bioSaved'))).toBeVisible();
  await page.goto('/');
  // Loaded (the empty wallet's step shows only once home's data is in), then the two done steps are gone.
  await expect(steps.getByRole('heading', { name: a('home.addMoney.title') })).toBeVisible();
  await expect(profileStep).toBeHidden();
  await expect(addCardStep).toBeHidden();
});
