import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import catalogue from '../../../../machines/toast.catalogue';
import type { Notification, ToastContext, ToastHold } from '../../../../machines/notifications.machine';
import { createAccount, text, uniqueEmail } from '../../support/app';
import { inviteOnScreen, openContacts, pe } from '../../support/invitations';
import type { Driver } from '../driver';

/**
 * One notification, a toast (the toast machine of machines/notifications.machine.ts, drawn by
 * src/ui/notifications/toast-item.tsx), driven as a person: a fresh signed-in account per path sends an invitation on
 * /contacts, and "Invitation sent to …" is the toast. Every path holds it first (pointer or focus) well within its 5 s,
 * then leaves it, holds it by the other means, or closes it with the keyboard. Its hiding after 5 s is taken by every
 * hand-written test that shows a message and waits.
 */
interface ToastWorld {
  friend: string;
}

const heldBy = (snapshot: AnyMachineSnapshot) => (snapshot.context as ToastContext).heldBy;
const region = (page: Page) => page.getByRole('region', { name: text('en', 'common', 'notifications.regionLabel') });
const toast = (page: Page) => region(page).getByRole('status');
const closeButton = (page: Page) => toast(page).getByRole('button', { name: text('en', 'common', 'notifications.close'), exact: true });

/** The toast the path opens: the invitation's success. */
const SENT: Notification = { id: 'notification-1', kind: 'success', message: 'Invitation sent to friend@example.com.' };

export const toastDriver: Driver<ToastWorld> = {
  name: 'toast',
  machine: catalogue.fake(),
  input: SENT,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, heldBy: heldBy(snapshot) }),

  async start({ context }) {
    await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
    return { friend: uniqueEmail('friend') };
  },

  async open({ page, world }) {
    await openContacts(page);
    await inviteOnScreen(page, world.friend);
    await expect(toast(page)).toContainText(pe('invite.sent', { email: world.friend }));
    // The pointer off the toast, which appeared under no pointer; its 5 s run from now until the first step holds it.
    await page.mouse.move(1, 1);
  },

  events: {
    PAUSE: {
      samples: [{ by: 'pointer' }, { by: 'focus' }],
      // Pointing at it again, or focusing it again, is no new event.
      possible: (before, { by }) => !heldBy(before)[by as ToastHold],
      perform: async ({ page }, { by }) => (by === 'pointer' ? toast(page).hover() : closeButton(page).focus()),
    },
    RESUME: {
      samples: [{ by: 'pointer' }, { by: 'focus' }],
      possible: (before, { by }) => heldBy(before)[by as ToastHold],
      perform: async ({ page }, { by }) => (by === 'pointer' ? page.mouse.move(1, 1) : closeButton(page).blur()),
    },
    CLOSE: {
      // With the keyboard, on the focused close button: a click would focus it first (a PAUSE of its own).
      possible: (before) => heldBy(before).focus,
      perform: async ({ page }) => page.keyboard.press('Enter'),
    },
  },

  outcomes: {},

  leftOut: {},

  async screen({ page, world }, snapshot) {
    const state = `toast in ${JSON.stringify(snapshot.value)}`;
    if (snapshot.matches('hidden')) {
      await expect(toast(page), `${state}: the message is gone`).toHaveCount(0);
      return;
    }
    await expect(toast(page), `${state}: the message`).toContainText(pe('invite.sent', { email: world.friend }));
    await expect(closeButton(page), `${state}: its close button`).toBeVisible();
    if (heldBy(snapshot).focus) await expect(closeButton(page), `${state}: focus on its close button`).toBeFocused();
    else await expect(closeButton(page), `${state}: focus elsewhere`).not.toBeFocused();
  },
};
