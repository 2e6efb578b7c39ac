import { DESKTOP, fmt, signInAs, text } from './support/app';
import { expect, test } from './support/test';

/**
 * A cold load of the signed-in home: home's first-step cards and the shell's sidebar both read the profile, and on
 * a slow phone every call is a round trip the page may wait for. Each of home's reads goes to the server once.
 */
const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'activity', key), values);

test.use({ viewport: DESKTOP });

test('a cold load of home asks the server for the profile once; the card and the sidebar both use it', async ({ page, context }) => {
  const account = await signInAs(context, { fullName: 'Olga Once' });
  const bio = 'Ceramics from Porto.';
  const saved = await context.request.patch(`/api/app/user/${account.user.userId}/profile`, { data: { bio_message: bio } });
  expect(saved.status(), await saved.text()).toBe(200);

  const gets = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) gets.set(url.pathname, (gets.get(url.pathname) ?? 0) + 1);
  });
  await page.goto('/');
  // Home's data is in (the empty wallet's step shows only then), and the sidebar has the bio.
  const steps = page.getByRole('region', { name: a('home.firstStepsTitle') });
  await expect(steps.getByRole('heading', { name: a('home.addMoney.title') })).toBeVisible();
  await expect(page.getByRole('complementary').getByText(bio)).toBeVisible();
  // The bio is there, so "Complete your profile" is not: home read the same answer.
  await expect(steps.getByRole('heading', { name: a('home.completeProfile.title') })).toBeHidden();

  const profilePath = `/api/app/user/${account.user.userId}/profile`;
  expect(gets.get(profilePath), [...gets].join('\n')).toBe(1);
  // And none of home's other reads was made twice either.
  expect([...gets].filter(([, count]) => count > 1), 'GETs made more than once').toEqual([]);
});
