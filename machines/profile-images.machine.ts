import { assign, setup } from 'xstate';
import { PHOTO_MAX_BYTES } from '../domain/limits';
import { formMessage, type FormMessage } from './forms/field-errors';
import { errorOf } from './forms/api-failure';
import { hostActor } from './forms/host-actor';

/**
 * The profile's avatar and background image (/profile): a picked file is checked here first (JPEG or PNG, at most
 * the photo limit: 'The file is too large', spec 5, without naming the limit), uploaded (`POST …/media`), then made
 * the picture (`PUT …/profile/images`). The server checks both again from the bytes. The new keys go to the host,
 * which refreshes the sidebar.
 */
export type ImageSlot = 'photo' | 'background';

export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

export interface PickedFile {
  name: string;
  size: number;
  type: string;
  data: Blob;
}

export interface ImageKeys {
  photo_key: string | null;
  background_key: string | null;
}

export interface ProfileImagesContext {
  userId: string;
  keys: ImageKeys;
  /** The slot being uploaded and its file. */
  slot: ImageSlot | null;
  file: PickedFile | null;
  /** The uploaded file's id, between the upload and naming it the picture. */
  mediaId: string | null;
  errors: Partial<Record<ImageSlot, FormMessage>>;
}

export type ProfileImagesEvent = { type: 'CHOOSE'; slot: ImageSlot; file: PickedFile };

export interface ProfileImagesInput extends ImageKeys {
  userId: string;
}

export const profileImagesMachine = setup({
  types: {
    context: {} as ProfileImagesContext,
    events: {} as ProfileImagesEvent,
    input: {} as ProfileImagesInput,
  },
  actors: {
    uploadPhoto: hostActor<{ mediaId: string }, { userId: string; file: PickedFile }>('uploadPhoto'),
    setImage: hostActor<ImageKeys, { userId: string; slot: ImageSlot; mediaId: string }>('setImage'),
  },
  guards: {
    isTooLarge: ({ event }) => event.file.size > PHOTO_MAX_BYTES,
    isNotPhoto: ({ event }) => !(PHOTO_TYPES as readonly string[]).includes(event.file.type),
  },
  actions: {
    refuse: assign(({ context, event }, params: { key: string }) => ({ errors: { ...context.errors, [event.slot]: { key: params.key } } })),
    pick: assign(({ context, event }) => ({ slot: event.slot, file: event.file, errors: { ...context.errors, [event.slot]: undefined } })),
    noteUploaded: assign((_, params: { mediaId: string }) => ({ mediaId: params.mediaId, file: null })),
    setKeys: assign((_, keys: ImageKeys) => ({ keys: { photo_key: keys.photo_key, background_key: keys.background_key }, slot: null, mediaId: null })),
    showError: assign(({ context, event }) => ({
      errors: context.slot ? { ...context.errors, [context.slot]: formMessage(errorOf(event), {}) ?? undefined } : context.errors,
      slot: null,
      file: null,
      mediaId: null,
    })),
    // Host effects: the notice (which slot), and the sidebar's copy of the profile.
    notifySaved: (_, _params: { slot: ImageSlot }) => {},
    reportKeys: (_, _params: ImageKeys) => {},
  },
}).createMachine({
  id: 'profileImages',
  context: ({ input }) => ({
    userId: input.userId,
    keys: { photo_key: input.photo_key, background_key: input.background_key },
    slot: null,
    file: null,
    mediaId: null,
    errors: {},
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        CHOOSE: [
          { guard: 'isNotPhoto', actions: { type: 'refuse', params: { key: 'settings:errors.file_not_photo' } } },
          { guard: 'isTooLarge', actions: { type: 'refuse', params: { key: 'settings:errors.file_too_large' } } },
          { target: 'uploading', actions: 'pick' },
        ],
      },
    },
    uploading: {
      invoke: {
        src: 'uploadPhoto',
        input: ({ context }) => ({ userId: context.userId, file: context.file! }),
        onDone: { target: 'saving', actions: { type: 'noteUploaded', params: ({ event }) => ({ mediaId: event.output.mediaId }) } },
        onError: { target: 'idle', actions: 'showError' },
      },
    },
    saving: {
      invoke: {
        src: 'setImage',
        input: ({ context }) => ({ userId: context.userId, slot: context.slot!, mediaId: context.mediaId! }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notifySaved', params: ({ context }) => ({ slot: context.slot! }) },
            { type: 'setKeys', params: ({ event }) => event.output },
            { type: 'reportKeys', params: ({ event }) => ({ photo_key: event.output.photo_key, background_key: event.output.background_key }) },
          ],
        },
        onError: { target: 'idle', actions: 'showError' },
      },
    },
  },
});
