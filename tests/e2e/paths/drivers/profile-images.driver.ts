import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import catalogue from '../../../../machines/profile-images.catalogue';
import { apiFailure } from '../../../../machines/forms/api-failure';
import type { ImageKeys, ImageSlot, PickedFile, ProfileImagesContext } from '../../../../machines/profile-images.machine';
import { profileImagesView } from '../../../../machines/profile-images.view';
import { createAccount, mainHeading, text } from '../../support/app';
import type { Driver } from '../driver';

/**
 * The profile photo and background image, the Photos section of /profile (machines/profile-images.machine.ts, its
 * view-model machines/profile-images.view.ts), driven as a person: a fresh signed-in account per path, with no
 * pictures. The server's refusals come from the bytes of the file chosen, each named for what it is and typed
 * image/png so the browser's check passes it: bytes that are no image (the upload's 415), and the repository's MP4
 * (stored as a video, then refused as the picture: 422 `media_not_photo`). A video typed as one is refused at once.
 */
type ImagesWorld = Record<string, never>;

const st = (key: string) => text('en', 'settings', key);
const MP4 = readFileSync(new URL('../../../../public/video/tipjar-tour.mp4', import.meta.url));

const picked = (name: string, size: number, type: string): PickedFile => ({ name, size, type, data: new Blob([]) });
const VIDEO = picked('clip.mp4', 2_000, 'video/mp4');
const NOT_AN_IMAGE = picked('not-an-image.png', 2_000, 'image/png');
const VIDEO_AS_PNG = picked('video-named-png.png', MP4.length, 'image/png');
const BYTES: Record<string, Buffer> = {
  [VIDEO.name]: MP4.subarray(0, VIDEO.size),
  [NOT_AN_IMAGE.name]: Buffer.alloc(NOT_AN_IMAGE.size, 7),
  [VIDEO_AS_PNG.name]: MP4,
};
/** The upload's id when the bytes were a video: what the server refuses as a picture. */
const VIDEO_MEDIA = { mediaId: 'm-video' };
const fileIs = (file: PickedFile) => (during: AnyMachineSnapshot) => (during.context as ProfileImagesContext).file?.name === file.name;

const fileInput = (page: Page, slot: ImageSlot) => page.getByLabel(st(slot === 'photo' ? 'images.choosePhoto' : 'images.chooseBackground'), { exact: true });

export const profileImagesDriver: Driver<ImagesWorld> = {
  name: 'profile-images',
  machine: catalogue.fake(),
  input: catalogue.inputs!.noPictures,
  // The catalogue's key, with the file on its way and the upload's id: what the server's answers follow from.
  serializeState: (snapshot) =>
    JSON.stringify({ key: catalogue.serializeState!(snapshot), file: snapshot.context.file?.name ?? null, media: snapshot.context.mediaId }),

  async start({ context }) {
    await createAccount(context, { setUp: { fullName: 'Marta Ruiz' } });
    return {};
  },

  async open({ page }) {
    await page.goto('/profile');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.profile'));
    await expect(page.getByRole('heading', { name: st('images.title') })).toBeVisible();
  },

  events: {
    CHOOSE: {
      samples: [
        { slot: 'photo', file: VIDEO },
        { slot: 'photo', file: NOT_AN_IMAGE },
        { slot: 'photo', file: VIDEO_AS_PNG },
      ],
      async perform({ page }, { slot, file }) {
        const { name, type } = file as PickedFile;
        await fileInput(page, slot as ImageSlot).setInputFiles({ name, mimeType: type, buffer: BYTES[name]! });
      },
    },
  },

  outcomes: {
    uploadPhoto: {
      done: [{ name: 'the server stores the bytes, a video', value: VIDEO_MEDIA, possible: fileIs(VIDEO_AS_PNG) }],
      error: [
        {
          name: 'the bytes are no photo or video',
          value: apiFailure(415, { code: 'media_type_unsupported', detail: 'Upload a photo (JPEG or PNG) or a video (MP4 or MOV).' }),
          possible: fileIs(NOT_AN_IMAGE),
          logs: 415,
        },
      ],
    },
    setImage: {
      done: [],
      error: [
        {
          name: 'the upload is a video, not a photo',
          value: apiFailure(422, { code: 'media_not_photo', detail: 'Choose a photo (JPEG or PNG).' }),
          possible: (during) => (during.context as ProfileImagesContext).mediaId === VIDEO_MEDIA.mediaId,
          logs: 422,
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page }, snapshot) {
    const views = profileImagesView(snapshot);
    const keys: ImageKeys = snapshot.context.keys;
    const state = `profile-images in ${JSON.stringify(snapshot.value)}`;
    for (const slot of ['photo', 'background'] as const) {
      const view = views[slot];
      const input = page.getByLabel(st(view.labelKey), { exact: true });
      await expect(input, `${state}: the ${slot} picker "${st(view.labelKey)}"`).toBeAttached();
      if (view.enabled) await expect(input, `${state}: the ${slot} picker takes a file`).toBeEnabled();
      else await expect(input, `${state}: the ${slot} picker waits`).toBeDisabled();
      // The refusal under the picker is its description (aria-describedby).
      if (view.error) {
        await expect(input, `${state}: the ${slot} picker is marked invalid`).toHaveAttribute('aria-invalid', 'true');
        const words = 'key' in view.error && view.error.key.startsWith('settings:') ? st(view.error.key.slice('settings:'.length)) : /\S/u;
        await expect(input, `${state}: the ${slot} refusal under the picker`).toHaveAccessibleDescription(words);
      } else {
        await expect(input, `${state}: the ${slot} picker is not marked invalid`).not.toHaveAttribute('aria-invalid', 'true');
        await expect(input, `${state}: no ${slot} refusal`).toHaveAccessibleDescription('');
      }
    }
    // No picture set in any path: the initials and "no background".
    if (!keys.background_key) await expect(page.getByRole('img', { name: st('images.noBackground') }), `${state}: no background yet`).toBeVisible();
  },
};
