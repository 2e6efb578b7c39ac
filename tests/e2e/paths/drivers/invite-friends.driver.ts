import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/invite-friends.catalogue';
import { tooMany } from '../../../../machines/catalogue-samples';
import { inviteFriendsView } from '../../../../machines/invite-friends.view';
import { createAccount, uniqueEmail, type TestAccount } from '../../support/app';
import { friendEmailField, inviteSection, inviteThroughApi, openContacts, pe } from '../../support/invitations';
import type { Driver } from '../driver';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Invite friends, the invitation form of /contacts (machines/invite-friends.machine.ts, its view-model
 * machines/invite-friends.view.ts), driven as a person: a fresh signed-in account per path. The refusal is the real
 * hourly limit (10 invitations an account), reached through the API before the screen's one is sent.
 */
interface InviteWorld {
  account: TestAccount;
  /** The friend's address this path types. */
  friend: string;
}

/** The catalogue's samples: a good address and one cut short. */
const GOOD = 'friend@example.com';

const sendButton = (page: Page, key: string) => inviteSection(page).getByRole('button', { name: pe(key), exact: true });

export const inviteFriendsDriver: Driver<InviteWorld> = {
  name: 'invite-friends',
  machine: catalogue.fake(),
  input: catalogue.inputs!.signedIn,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    return { account: await createAccount(context, { setUp: { fullName: 'Ana Souza' } }), friend: uniqueEmail('friend') };
  },

  open: async ({ page }) => openContacts(page),

  events: {
    CHANGE: {
      samples: [{ value: GOOD }],
      perform: async ({ page, world }) => friendEmailField(page).fill(world.friend),
    },
    SUBMIT: { perform: async ({ page }) => sendButton(page, 'invite.send').click() },
  },

  outcomes: {
    invite: {
      done: [{ name: 'the invitation is emailed' }],
      error: [
        {
          name: 'the account sent its 10 invitations this hour',
          value: tooMany,
          arrange: async ({ context, world }) => inviteThroughApi(context, world.account.user.userId, 10),
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page, world }, snapshot) {
    const view = inviteFriendsView(snapshot);
    const state = `invite-friends in ${JSON.stringify(snapshot.value)}`;
    const typed: string = snapshot.context.email;
    await expect(friendEmailField(page), `${state}: the friend's email`).toHaveValue(typed === GOOD ? world.friend : typed);
    await expectFieldError(friendEmailField(page), Boolean(snapshot.context.errors.email), `${state}: the friend's email`);
    const alert = inviteSection(page).getByRole('alert');
    if (view.message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    await expectButton(sendButton(page, view.submit.labelKey), view.submit.enabled, `${state}: view.submit "${pe(view.submit.labelKey)}"`);
  },
};
