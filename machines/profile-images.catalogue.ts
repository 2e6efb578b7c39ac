import { profileImagesMachine, type ImageKeys, type PickedFile } from './profile-images.machine';
import { PHOTO_MAX_BYTES } from '../domain/limits';
import type { SnapshotFrom } from 'xstate';
import { apiFailure } from './forms/api-failure';
import { entry } from './catalogue-entry';
import { marta, offline, resolves } from './catalogue-samples';

/** Files as the file picker gives them: a photo, one too large, and a video. */
const file = (type: string, size: number, name: string): PickedFile => ({ name, size, type, data: new Blob([]) });
export const SAMPLE_FILES = {
  photo: file('image/png', 2_000, 'me.png'),
  tooLarge: file('image/jpeg', PHOTO_MAX_BYTES + 1, 'huge.jpg'),
  video: file('video/mp4', 2_000, 'clip.mp4'),
};
const imagesKey = (snapshot: SnapshotFrom<typeof profileImagesMachine>) =>
  JSON.stringify({ value: snapshot.value, keys: snapshot.context.keys, slot: snapshot.context.slot, errors: snapshot.context.errors });

/** The flow atlas entry of `profile-images` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: profileImagesMachine,
  purpose: "The avatar and background image: JPEG or PNG within the photo limit ('The file is too large'), uploaded, then made the picture.",
  views: ['src/features/profile/profile-images-section.tsx'],
  operations: { uploadPhoto: ['uploadMedia'], setImage: ['setProfileImage'] },
  tests: ['tests/unit/machines/profile-images-view.test.ts', 'tests/e2e/profile-photos.spec.ts', 'tests/api/profile-photos.test.ts'],
  fake: () =>
    profileImagesMachine.provide({
      actors: { uploadPhoto: resolves({ mediaId: 'm-2' }), setImage: resolves<ImageKeys>({ photo_key: 'm-2', background_key: null }) },
    }),
  inputs: { noPictures: { userId: marta.userId, photo_key: null, background_key: null } },
  events: {
    CHOOSE: [
      { type: 'CHOOSE', slot: 'photo', file: SAMPLE_FILES.photo },
      { type: 'CHOOSE', slot: 'photo', file: SAMPLE_FILES.tooLarge },
      { type: 'CHOOSE', slot: 'background', file: SAMPLE_FILES.video },
    ],
  },
  invokeResults: {
    uploadPhoto: { done: [{ mediaId: 'm-2' }], error: [apiFailure(413, { code: 'file_too_large', detail: 'The file is too large' })] },
    setImage: { done: [{ photo_key: 'm-2', background_key: null }], error: [offline] },
  },
  serializeState: imagesKey,
});
