import { publicProfileMachine, type PublicProfileData } from './public-profile.machine';
import { apiFailure } from './forms/api-failure';
import { entry } from './catalogue-entry';
import { offline, photoOffer, resolves, videoOffer } from './catalogue-samples';

/** Mia's public page as a visitor gets it. */
const miaPublic: PublicProfileData = {
  username: 'mia',
  user_id: 'u-9',
  full_name: 'Mia Costa',
  profile: { bio_message: 'Photos of the coast.', price_point_details: [photoOffer, videoOffer] },
};

/** The flow atlas entry of `public-profile` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: publicProfileMachine,
  purpose: 'The public pay page /{username}: one of the amounts, a custom amount or a price point; signed in → the send screen pre-filled, a visitor → sign up with the purchase or sign in.',
  views: ['src/features/creators/public-profile-page.tsx'],
  operations: { loadPublicProfile: ['getPublicProfile'] },
  tests: ['tests/unit/machines/public-profile-view.test.ts', 'tests/e2e/storefront.spec.ts', 'tests/e2e/pay-page-prerendered.spec.ts', 'tests/api/pay-page-render.test.ts'],
  fake: () => publicProfileMachine.provide({ actors: { loadPublicProfile: resolves(miaPublic) } }),
  inputs: {
    visitor: { username: 'mia', signedIn: false, initial: null },
    signedIn: { username: 'Mia', signedIn: true, initial: null },
    // After set-up the stored purchase comes back (router state); a shared link may carry an amount.
    resumedPricePoint: { username: 'mia', signedIn: true, initial: { creatorUsername: 'mia', pricePointId: videoOffer.id } },
    linkWithAmount: { username: 'mia', signedIn: false, initial: { creatorUsername: 'mia', amount: '7.5' } },
    linkWithPreset: { username: 'mia', signedIn: false, initial: { creatorUsername: 'mia', amount: '10' } },
    stalePricePoint: { username: 'mia', signedIn: false, initial: { creatorUsername: 'mia', pricePointId: 'pp-gone' } },
    // The page rendered by the server with the profile (issue 23 item 2): it starts choosing, no call.
    serverRendered: { username: 'mia', signedIn: false, initial: null, loaded: miaPublic },
    serverRenderedLink: { username: 'mia', signedIn: true, initial: { creatorUsername: 'mia', amount: '10' }, loaded: miaPublic },
  },
  events: {
    // A preset amount, and one that is not offered (a tampered event): only the first selects.
    SELECT_AMOUNT: [
      { type: 'SELECT_AMOUNT', amount: '10.00' },
      { type: 'SELECT_AMOUNT', amount: '3.00' },
    ],
    SELECT_CUSTOM: { type: 'SELECT_CUSTOM' },
    CHANGE_CUSTOM: [
      { type: 'CHANGE_CUSTOM', value: '7.50' },
      { type: 'CHANGE_CUSTOM', value: '0.5' },
    ],
    SELECT_PRICE_POINT: [
      { type: 'SELECT_PRICE_POINT', id: videoOffer.id },
      { type: 'SELECT_PRICE_POINT', id: 'pp-gone' },
    ],
    // The tip's note (not in the serialised state: any text is the same state).
    CHANGE_NOTE: { type: 'CHANGE_NOTE', value: 'Love the coast series' },
    PAY: { type: 'PAY' },
    BACK: { type: 'BACK' },
    RETRY: { type: 'RETRY' },
  },
  invokeResults: {
    loadPublicProfile: {
      done: [miaPublic],
      error: [apiFailure(404, { code: 'profile_not_found', detail: 'We could not find this page.' }), offline],
    },
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      selection: snapshot.context.selection,
      custom: snapshot.context.customAmount,
      error: snapshot.context.error,
    }),
});
