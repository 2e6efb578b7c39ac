import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { profileImagesMachine, type ImageKeys } from '../../../machines/profile-images.machine';
import { profileImagesShown, profileImagesView } from '../../../machines/profile-images.view';
import { profileSummaryMachine, type ProfileSummary } from '../../../machines/profile-summary.machine';
import { gate, settle } from '../../support/gate';

const jpeg = { name: 'me.jpg', size: 1000, type: 'image/jpeg', data: new Blob(['x']) };

function start(upload: () => Promise<{ mediaId: string }>, save: () => Promise<ImageKeys>) {
  return createActor(
    profileImagesMachine.provide({ actors: { uploadPhoto: fromPromise(upload), setImage: fromPromise(save) } }),
    { input: { userId: 'u-1', photo_key: null, background_key: null } },
  ).start();
}

describe('the profile pictures as their machine shows them (issue 24 item 6)', () => {
  it('both pickers take a file; while one uploads and saves it says "Uploading…" and neither takes another', async () => {
    const saved = gate<ImageKeys>();
    const actor = start(async () => ({ mediaId: 'm-1' }), () => saved.promise);
    expect(profileImagesView(actor.getSnapshot())).toEqual({
      photo: { titleKey: 'images.photo', labelKey: 'images.choosePhoto', enabled: true, error: null },
      background: { titleKey: 'images.background', labelKey: 'images.chooseBackground', enabled: true, error: null },
    });
    actor.send({ type: 'CHOOSE', slot: 'background', file: jpeg });
    expect(profileImagesView(actor.getSnapshot())).toEqual({
      photo: { titleKey: 'images.photo', labelKey: 'images.choosePhoto', enabled: false, error: null },
      background: { titleKey: 'images.background', labelKey: 'images.uploading', enabled: false, error: null },
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('saving');
    expect(profileImagesView(actor.getSnapshot()).background).toEqual({ titleKey: 'images.background', labelKey: 'images.uploading', enabled: false, error: null });
    saved.open({ photo_key: null, background_key: 'bg-1' });
    await settle();
    expect(profileImagesView(actor.getSnapshot()).background).toEqual({ titleKey: 'images.background', labelKey: 'images.chooseBackground', enabled: true, error: null });
  });

  it('a file that is no photo is refused under its own picker, which stays usable', () => {
    const actor = start(() => new Promise(() => {}), () => new Promise(() => {}));
    actor.send({ type: 'CHOOSE', slot: 'photo', file: { ...jpeg, name: 'notes.pdf', type: 'application/pdf' } });
    expect(profileImagesView(actor.getSnapshot()).photo).toEqual({
      titleKey: 'images.photo',
      labelKey: 'images.choosePhoto',
      enabled: true,
      error: { key: 'settings:errors.file_not_photo' },
    });
  });
});

describe('when the pictures section appears (issue 24 item 6)', () => {
  const summary: ProfileSummary = { bio_message: '', photo_key: 'p-1', background_key: null };
  const startSummary = (load: () => Promise<ProfileSummary>) =>
    createActor(profileSummaryMachine.provide({ actors: { loadSummary: fromPromise(load) } }), { input: { userId: 'u-1' } }).start();

  it('not while the profile is first read; once it is, and still while it is read again', async () => {
    const reads = [gate<ProfileSummary>(), gate<ProfileSummary>()];
    let n = 0;
    const actor = startSummary(() => reads[n++]!.promise);
    expect(profileImagesShown(actor.getSnapshot())).toBe(false);
    reads[0]!.open(summary);
    await settle();
    expect(profileImagesShown(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'REFRESH' });
    expect(profileImagesShown(actor.getSnapshot())).toBe(true);
  });

  it('also when the profile could not be read: the pictures can still be set', async () => {
    const actor = startSummary(() => Promise.reject(new Error('Failed to fetch')));
    await settle();
    expect(profileImagesShown(actor.getSnapshot())).toBe(true);
  });
});
