import { randomUUID } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { fmt, mainHeading, text, uniqueEmail } from './app';

/** The invitation form of /contacts (invite-friends), as a person uses it; strings from locales/en/people.json. */
export const pe = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'people', key), values);

export const inviteSection = (page: Page) => page.getByRole('region', { name: pe('invite.title') });
export const friendEmailField = (page: Page) => inviteSection(page).getByLabel(pe('invite.emailLabel'), { exact: true });

export async function openContacts(page: Page): Promise<void> {
  await page.goto('/contacts');
  await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.contacts'));
}

/**
 * Types a friend's email and presses "Send invitation" (or Enter in the field: the pointer stays where it is); the
 * invitation's "sent" message follows when it is sent.
 */
export async function inviteOnScreen(page: Page, email: string, by: 'pointer' | 'keyboard' = 'pointer'): Promise<void> {
  await friendEmailField(page).fill(email);
  if (by === 'keyboard') await friendEmailField(page).press('Enter');
  else await inviteSection(page).getByRole('button', { name: pe('invite.send'), exact: true }).click();
}

/** Invitations sent through the API by the user signed in in `context`, to fresh addresses (each answered 202 or 201). */
export async function inviteThroughApi(context: BrowserContext, userId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const sent = await context.request.post(`/api/app/user/${userId}/invitations`, {
      headers: { 'idempotency-key': randomUUID() },
      data: { email: uniqueEmail('friend') },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }
}
