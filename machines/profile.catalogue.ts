import { profileMachine, type ProfileData } from './profile.machine';
import type { SnapshotFrom } from 'xstate';
import { apiFailure } from './forms/api-failure';
import { entry } from './catalogue-entry';
import { activeUser, fieldRefusal, offline, photoOffer, resolves, videoOffer } from './catalogue-samples';

const miaProfile: ProfileData = { bio_message: 'Photos of the coast.', price_points: [photoOffer, videoOffer] };
/** The profile page: where it is, the bio typed, its messages, which price points are listed and which is asked about. */
const profileKey = (snapshot: SnapshotFrom<typeof profileMachine>) =>
  JSON.stringify({
    value: snapshot.value,
    values: snapshot.context.values,
    errors: Object.keys(snapshot.context.errors),
    message: snapshot.context.message,
    listed: snapshot.context.pricePoints.map((p) => p.id),
    removing: snapshot.context.removing?.id ?? null,
  });

/** The flow atlas entry of `profile` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: profileMachine,
  purpose: 'My profile (/profile): the bio, and the price points by price ascending; removing one asks first, then "price point removed".',
  views: ['src/features/profile/profile-page.tsx'],
  operations: { loadProfile: ['getProfile'], saveBio: ['updateProfile'], removePricePoint: ['removePricePoint'] },
  tests: ['tests/unit/machines/profile-view.test.ts', 'tests/e2e/creators.spec.ts', 'tests/api/creators-profile.test.ts'],
  fake: () =>
    profileMachine.provide({
      actors: { loadProfile: resolves(miaProfile), saveBio: resolves(miaProfile), removePricePoint: resolves([videoOffer]) },
    }),
  inputs: { creator: { userId: activeUser.userId } },
  events: {
    CHANGE: [
      { type: 'CHANGE', field: 'bio_message', value: 'Coast and mountains.' },
      { type: 'CHANGE', field: 'bio_message', value: 'x'.repeat(281) },
    ],
    SAVE_BIO: { type: 'SAVE_BIO' },
    // A listed price point, and one that is not (a stale button): the dialog opens only for the first.
    REMOVE: [
      { type: 'REMOVE', id: photoOffer.id },
      { type: 'REMOVE', id: 'pp-gone' },
    ],
    CONFIRM: { type: 'CONFIRM' },
    CANCEL: { type: 'CANCEL' },
    RETRY: { type: 'RETRY' },
  },
  invokeResults: {
    loadProfile: { done: [miaProfile], error: [offline] },
    saveBio: {
      done: [{ ...miaProfile, bio_message: 'Coast and mountains.' }],
      error: [fieldRefusal(400, 'validation_failed', 'bio_message', 'Use at most 280 characters.'), offline],
    },
    removePricePoint: {
      done: [[videoOffer]],
      error: [apiFailure(404, { code: 'price_point_not_found', detail: 'This price point is no longer available.' })],
    },
  },
  serializeState: profileKey,
});
