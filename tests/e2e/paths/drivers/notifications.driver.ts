import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/notifications.catalogue';
import { MAX_VISIBLE_NOTIFICATIONS, type NotificationsContext } from '../../../../machines/notifications.machine';
import { createAccount, text, uniqueEmail } from '../../support/app';
import { inviteOnScreen, openContacts, pe } from '../../support/invitations';
import type { Driver } from '../driver';

/**
 * The messages on screen (the notifications machine, machines/notifications.machine.ts, drawn by
 * src/ui/notifications/notification-region.tsx), driven as a person: a fresh signed-in account per path sends
 * invitations on /contacts, each "Invitation sent to …" a message of its own. Once the first shows, the pointer rests
 * on the messages and the next invitations go by the keyboard: a message under the pointer waits, and one it leaves
 * (pushed up by the next) gets its 5 s again, so none hides while the path fills the screen and overflows it.
 * DISMISS_ALL is Log out (Yes in its dialog): the messages name the friends' addresses, and none may stay for the
 * next person at the browser (src/app/runtime/dismiss-on-sign-out.ts).
 */
interface NotificationsWorld {
  /** Friend n's address: the message that says it was sent names it. */
  friends: string[];
  /** The pointer rests on the messages (after the first showed). */
  pointing: boolean;
}

/** The model's messages: friend n's invitation sent. */
const sentTo = (n: number) => `Invitation sent to friend${n}@example.com.`;
const FRIENDS = [1, 2, 3, 4, 5];

const region = (page: Page) => page.getByRole('region', { name: text('en', 'common', 'notifications.regionLabel') });
const c = (key: string) => text('en', 'common', key);

export const notificationsDriver: Driver<NotificationsWorld> = {
  name: 'notifications',
  machine: catalogue.fake(),
  input: undefined,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
    return { friends: FRIENDS.map(() => uniqueEmail('friend')), pointing: false };
  },

  open: async ({ page }) => openContacts(page),

  events: {
    NOTIFY: {
      // A different friend each: five different messages.
      samples: FRIENDS.map((n) => ({ kind: 'success', message: sentTo(n) })),
      // Each friend is invited once.
      possible: (before, { message }) =>
        !(before.context as NotificationsContext).toasts.some((toast) => toast.getSnapshot().context.message === message),
      async perform({ page, world }, { message }) {
        const friend = world.friends[FRIENDS.findIndex((n) => sentTo(n) === message)]!;
        // The first by the button; then the pointer rests on the messages and the next ones go by the keyboard.
        await inviteOnScreen(page, friend, world.pointing ? 'keyboard' : 'pointer');
        if (world.pointing) return;
        await expect(region(page).getByRole('status')).toContainText(pe('invite.sent', { email: friend }));
        await region(page).getByRole('status').hover();
        world.pointing = true;
      },
    },
    DISMISS_ALL: {
      // Logging out with messages on screen is the case the dismissal is for (with none, it dismisses nothing).
      possible: (before) => (before.context as NotificationsContext).toasts.length > 0,
      async perform({ page }) {
        await page.getByRole('button', { name: c('shell.logout'), exact: true }).click();
        await page.getByRole('alertdialog', { name: c('logoutDialog.title') }).getByRole('button', { name: c('confirmDialog.yes'), exact: true }).click();
        await expect(page).toHaveURL('/');
      },
    },
  },

  outcomes: {},

  leftOut: {},

  async screen({ page, world }, snapshot) {
    const { toasts }: NotificationsContext = snapshot.context;
    const state = `notifications with ${toasts.length} messages`;
    const shown = region(page).getByRole('status');
    await expect(shown, `${state}: at most ${MAX_VISIBLE_NOTIFICATIONS} on screen`).toHaveCount(toasts.length);
    for (const [i, toast] of toasts.entries()) {
      const n = FRIENDS.find((f) => sentTo(f) === toast.getSnapshot().context.message)!;
      await expect(shown.nth(i), `${state}: message ${i + 1}, friend ${n}'s`).toContainText(pe('invite.sent', { email: world.friends[n - 1]! }));
    }
  },
};
