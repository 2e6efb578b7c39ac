import { PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from './limits';

/**
 * What a chosen file is, before it is sent (spec 3 "Media kinds": photo = JPEG or PNG, video = MP4 or QuickTime/MOV).
 * The browser's type is used when it gives one, else the name's extension (some systems give .mov files no type).
 * Only a first check so the user hears at once: the server decides from the bytes themselves (server/media/sniff.ts).
 */
export type MediaKind = 'photo' | 'video';

/** The little of a File this needs, so machines and tests can use plain objects. */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

const BY_TYPE: Record<string, MediaKind> = {
  'image/jpeg': 'photo',
  'image/png': 'photo',
  'video/mp4': 'video',
  'video/quicktime': 'video',
};
const BY_EXTENSION: Record<string, MediaKind> = { jpg: 'photo', jpeg: 'photo', png: 'photo', mp4: 'video', mov: 'video' };

/** The `accept` attribute of a file input for one kind. */
export const ACCEPT: Record<MediaKind, string> = {
  photo: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  video: 'video/mp4,video/quicktime,.mp4,.mov',
};

const MAX_BYTES: Record<MediaKind, number> = { photo: PHOTO_MAX_BYTES, video: VIDEO_MAX_BYTES };

export function mediaKindOf(file: ChosenFile): MediaKind | null {
  if (file.type) return BY_TYPE[file.type.toLowerCase()] ?? null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? null;
}

export const isTooLarge = (file: ChosenFile, kind: MediaKind) => file.size > MAX_BYTES[kind];
