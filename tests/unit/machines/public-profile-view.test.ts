import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { publicProfileMachine, type PublicProfileData } from '../../../machines/public-profile.machine';
import type { Funding } from '../../../machines/payments/funding';
import { publicPageScreen, storefrontView } from '../../../machines/public-profile.view';
import { apiFailure } from '../../../machines/forms/api-failure';
import { gate, settle } from '../../support/gate';
import { sendPaymentMachine, sendRequestOf, showOnPageOffer, type FoundReceiver, type SendPaymentInput } from '../../../machines/send-payment.machine';

const profile = (bio = 'Photos of the coast.', photo: string | null = null): PublicProfileData => ({
  username: 'maya',
  user_id: '00000000-0000-4000-8000-000000000001',
  full_name: 'Maya Lee',
  profile: {
    bio_message: bio,
    profile_photo: photo,
    background_image: null,
    price_point_details: [
      { id: 'p1', price: '25.00', description: 'A postcard photo', media_type: 'photo' },
      { id: 'p2', price: '40.5', description: 'A short video', media_type: 'video' },
    ],
  },
});

describe('the storefront view (issue 23 item 2)', () => {
  it('names the creator, their handle and their page, and keeps an empty bio out', () => {
    const view = storefrontView({ selection: null }, profile('   ', '/media/a/p.webp'));
    expect(view).toMatchObject({ name: 'Maya Lee', handle: '@maya', bio: null, photo: '/media/a/p.webp', cover: null, pagePath: '/maya' });
    expect(storefrontView({ selection: null }, profile()).bio).toBe('Photos of the coast.');
  });

  it('shows each price point as a card: title, price in cents, media type and the 72 h promise', () => {
    const view = storefrontView({ selection: { kind: 'pricePoint', id: 'p2' } }, profile());
    expect(view.cards).toEqual([
      { id: 'p1', title: 'A postcard photo', priceCents: 2500, mediaType: 'photo', replyWithinHours: 72, selected: false },
      { id: 'p2', title: 'A short video', priceCents: 4050, mediaType: 'video', replyWithinHours: 72, selected: true },
    ]);
  });

  it('offers the note with a tip, not with a price point (whose brief is asked on the checkout)', () => {
    expect(storefrontView({ selection: null }, profile()).showNote).toBe(true);
    expect(storefrontView({ selection: { kind: 'amount', amount: '5.00' } }, profile()).showNote).toBe(true);
    expect(storefrontView({ selection: { kind: 'custom' } }, profile()).showNote).toBe(true);
    expect(storefrontView({ selection: { kind: 'pricePoint', id: 'p1' } }, profile()).showNote).toBe(false);
  });
});

describe('the tip note travels to the send screen', () => {
  it('is trimmed, capped at 500 characters and handed to openSend with the purchase', async () => {
    const opened: Array<{ note: string }> = [];
    const actor = createActor(
      publicProfileMachine.provide({
        actors: { loadPublicProfile: fromPromise(async () => profile()) },
        actions: { openSend: (_, params) => opened.push(params) },
      }),
      { input: { username: 'maya', signedIn: true, initial: null } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'SELECT_CUSTOM' });
    actor.send({ type: 'CHANGE_CUSTOM', value: '7' });
    actor.send({ type: 'CHANGE_NOTE', value: 'x'.repeat(600) });
    expect(actor.getSnapshot().context.note).toHaveLength(500);
    actor.send({ type: 'CHANGE_NOTE', value: '  Love the coast series  ' });
    actor.send({ type: 'PAY' });
    expect(opened).toEqual([{ purchase: { creatorUsername: 'maya', amount: '7.00' }, note: 'Love the coast series' }]);
  });
});

describe('the supporters wall opt-in on the send screen (issue 23 item 2)', () => {
  const start = (input: Partial<SendPaymentInput>) =>
    createActor(
      sendPaymentMachine.provide({
        actors: {
          findReceiver: fromPromise<FoundReceiver, { username: string }>(async () => ({ receiver: { userId: 'u-maya', username: 'Maya', fullName: 'Maya Lee', photo: null }, pricePoints: [] })),
          loadFunding: fromPromise<Funding, void>(async () => ({ availableCents: 100_00, cards: [] })),
        },
      }),
      { input: { flowId: 'f', ...input } },
    ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('is offered only on a screen opened from the creator\'s page, for that creator, and is off by default', async () => {
    const fromPage = start({ receiverUsername: 'maya', amount: '5.00' });
    await settle();
    const context = fromPage.getSnapshot().context;
    expect(showOnPageOffer(context)).toBe('Maya');
    expect(context.showOnPage).toBe(false);
    expect(sendRequestOf(context).body.showOnPage).toBeUndefined();
    fromPage.send({ type: 'SET_SHOW_ON_PAGE', show: true });
    expect(sendRequestOf(fromPage.getSnapshot().context).body.showOnPage).toBe(true);
    // Another recipient chosen on the screen: the choice is not carried to them.
    fromPage.send({ type: 'SET_RECIPIENT', person: { userId: 'u-ann', username: 'ann', fullName: 'Ann', photo: null } });
    expect(showOnPageOffer(fromPage.getSnapshot().context)).toBeNull();
    expect(sendRequestOf(fromPage.getSnapshot().context).body.showOnPage).toBeUndefined();

    const plain = start({ receiver: { userId: 'u-maya', username: 'Maya' }, amount: '5.00' });
    await settle();
    expect(showOnPageOffer(plain.getSnapshot().context)).toBeNull();
  });
});

describe('which part of the pay page shows, as its machine says (issue 24 item 6)', () => {
  const open = (load: () => Promise<PublicProfileData>, signedIn = false) =>
    createActor(publicProfileMachine.provide({ actors: { loadPublicProfile: fromPromise(load) } }), {
      input: { username: 'maya', signedIn, initial: null },
    }).start();

  it('a spinner while the profile is read, then the pay form with nothing chosen yet', async () => {
    const held = gate<PublicProfileData>();
    const actor = open(() => held.promise);
    expect(publicPageScreen(actor.getSnapshot())).toEqual({ part: 'loading' });
    held.open(profile());
    await settle();
    expect(publicPageScreen(actor.getSnapshot())).toMatchObject({ part: 'pay', purchase: null, profile: { username: 'maya' } });
  });

  it('an unknown name is the 404 page; a failed read offers Retry', async () => {
    const missing = open(() => Promise.reject(apiFailure(404, { code: 'not_found' })));
    await settle();
    expect(publicPageScreen(missing.getSnapshot())).toEqual({ part: 'notFound' });
    const failing = open(() => Promise.reject(new Error('Failed to fetch')));
    await settle();
    expect(publicPageScreen(failing.getSnapshot())).toEqual({ part: 'loadFailed', retry: true });
  });

  it('a visitor who chose $5 and pressed Pay is offered sign-up or sign-in for that purchase, and can go back', async () => {
    const actor = open(async () => profile());
    await settle();
    actor.send({ type: 'SELECT_AMOUNT', amount: '5.00' });
    expect(publicPageScreen(actor.getSnapshot())).toMatchObject({ part: 'pay', purchase: { creatorUsername: 'maya', amount: '5.00' } });
    actor.send({ type: 'PAY' });
    expect(publicPageScreen(actor.getSnapshot())).toMatchObject({ part: 'signIn', purchase: { creatorUsername: 'maya', amount: '5.00' }, back: true });
    actor.send({ type: 'BACK' });
    expect(publicPageScreen(actor.getSnapshot()).part).toBe('pay');
  });
});
