import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { profileMachine, type PricePoint, type ProfileData } from '../../../machines/profile.machine';
import { profileView } from '../../../machines/profile.view';
import { gate, settle } from '../../support/gate';

const portrait: PricePoint = { id: 'pp-1', price: '5.00', description: 'A portrait', media_type: 'photo' };
const song: PricePoint = { id: 'pp-2', price: '20.00', description: 'A short song', media_type: 'video' };
const profile: ProfileData = { bio_message: 'Photos of the coast.', price_points: [portrait, song] };

function start(calls: { load: () => Promise<ProfileData>; save?: () => Promise<ProfileData>; remove?: () => Promise<PricePoint[]> }) {
  const never = () => new Promise<never>(() => {});
  return createActor(
    profileMachine.provide({
      actors: {
        loadProfile: fromPromise(calls.load),
        saveBio: fromPromise(calls.save ?? never),
        removePricePoint: fromPromise(calls.remove ?? never),
      },
    }),
    { input: { userId: 'u-1' } },
  ).start();
}

describe('the profile page as its machine shows it (issue 24 item 6)', () => {
  it('loading, then a failed read: no bio form, no price points yet', async () => {
    const read = gate<ProfileData>();
    const actor = start({ load: () => read.promise });
    expect(profileView(actor.getSnapshot()).stage).toBe('loading');
    read.fail(new Error('Failed to fetch'));
    await settle();
    expect(profileView(actor.getSnapshot())).toEqual({
      stage: 'loadFailed',
      bio: { value: '', error: undefined, message: null, editable: false, save: { enabled: false, labelKey: 'profile.saveBio' } },
      pricePoints: [],
      dialog: { open: false, point: null },
    });
  });

  it('Save bio says "Saving…" and the field takes no typing while the bio saves', async () => {
    const saved = gate<ProfileData>();
    const actor = start({ load: async () => profile, save: () => saved.promise });
    await settle();
    const view = () => profileView(actor.getSnapshot());
    expect(view()).toEqual({
      stage: 'profile',
      bio: { value: 'Photos of the coast.', error: undefined, message: null, editable: true, save: { enabled: true, labelKey: 'profile.saveBio' } },
      pricePoints: [
        { point: portrait, remove: true },
        { point: song, remove: true },
      ],
      dialog: { open: false, point: null },
    });
    actor.send({ type: 'CHANGE', field: 'bio_message', value: 'Photos of the sea.' });
    actor.send({ type: 'SAVE_BIO' });
    expect(view().bio).toEqual({
      value: 'Photos of the sea.',
      error: undefined,
      message: null,
      editable: false,
      save: { enabled: false, labelKey: 'profile.savingBio' },
    });
    expect(view().pricePoints).toEqual([
      { point: portrait, remove: false },
      { point: song, remove: false },
    ]);
    saved.open({ ...profile, bio_message: 'Photos of the sea.' });
    await settle();
    expect(view().bio).toEqual({
      value: 'Photos of the sea.',
      error: undefined,
      message: null,
      editable: true,
      save: { enabled: true, labelKey: 'profile.saveBio' },
    });
  });

  it('Remove asks first; the dialog stays open while the removal runs; then the list is the server\'s', async () => {
    const removed = gate<PricePoint[]>();
    const actor = start({ load: async () => profile, remove: () => removed.promise });
    await settle();
    const view = () => profileView(actor.getSnapshot());
    actor.send({ type: 'REMOVE', id: 'pp-2' });
    // Remove stays enabled under the dialog it opened, so the dialog can give focus back to it on No.
    expect(view()).toMatchObject({
      bio: { editable: false, save: { enabled: false, labelKey: 'profile.saveBio' } },
      pricePoints: [
        { point: portrait, remove: true },
        { point: song, remove: true },
      ],
      dialog: { open: true, point: song },
    });
    actor.send({ type: 'CONFIRM' });
    expect(view()).toMatchObject({
      pricePoints: [
        { point: portrait, remove: false },
        { point: song, remove: false },
      ],
      dialog: { open: true, point: song },
    });
    removed.open([portrait]);
    await settle();
    expect(view()).toMatchObject({
      bio: { editable: true, save: { enabled: true, labelKey: 'profile.saveBio' } },
      pricePoints: [{ point: portrait, remove: true }],
      dialog: { open: false, point: null },
    });
  });
});
