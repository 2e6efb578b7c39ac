import type { SnapshotFrom } from 'xstate';
import type { FormMessage } from './forms/field-errors';
import { PHOTO_TYPES, type ImageSlot, type PickedFile, type profileImagesMachine } from './profile-images.machine';
import type { profileSummaryMachine } from './profile-summary.machine';

type ProfileImagesSnapshot = Pick<SnapshotFrom<typeof profileImagesMachine>, 'can' | 'context'>;
type ProfileSummarySnapshot = Pick<SnapshotFrom<typeof profileSummaryMachine>, 'matches' | 'context'>;

/**
 * The images section of /profile as its machines show it (issue 24 item 6). It appears once the shell's profile
 * summary has answered — with the pictures, or with none it could read (the section still lets the user set
 * them); it keeps its last answer while it reloads, so saving a picture does not remount the section.
 */
export const profileImagesShown = (summary: ProfileSummarySnapshot): boolean => summary.context.summary !== null || summary.matches('unavailable');

/** One picture's picker: its words, whether a file can be chosen now, and the refusal under it. */
export interface ImagePickerView {
  titleKey: 'images.photo' | 'images.background';
  labelKey: 'images.choosePhoto' | 'images.chooseBackground' | 'images.uploading';
  enabled: boolean;
  error: FormMessage | null;
}

// Any file asks `can` the same: whether the machine takes a choice now (the checks of the file come after).
const ANY_FILE: PickedFile = { name: 'photo.jpg', size: 1, type: PHOTO_TYPES[0], data: new Blob() };

const TITLES = { photo: 'images.photo', background: 'images.background' } as const;
const CHOOSE = { photo: 'images.choosePhoto', background: 'images.chooseBackground' } as const;

/** Both pickers: "Uploading…" on the one whose file is on its way; neither takes a file until it is saved or refused. */
export function profileImagesView(snapshot: ProfileImagesSnapshot): Record<ImageSlot, ImagePickerView> {
  const picker = (slot: ImageSlot): ImagePickerView => ({
    titleKey: TITLES[slot],
    labelKey: snapshot.context.slot === slot ? 'images.uploading' : CHOOSE[slot],
    enabled: snapshot.can({ type: 'CHOOSE', slot, file: ANY_FILE }),
    error: snapshot.context.errors[slot] ?? null,
  });
  return { photo: picker('photo'), background: picker('background') };
}
