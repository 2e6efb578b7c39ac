import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { SAMPLE_FILES } from '../../machines/profile-images.catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

/**
 * Why a picked file is refused before any upload, keyed by the catalogue's sample files (written out, issue 24 item 9):
 * a video is not a photo; `huge.jpg` is over the photo limit. A file the table lacks throws.
 */
const CHOOSE_REFUSAL: Record<string, string> = {
  'clip.mp4': 'settings:errors.file_not_photo',
  'huge.jpg': 'settings:errors.file_too_large',
};
function refusalOf(name: string): string {
  const key = CHOOSE_REFUSAL[name];
  if (key === undefined) throw new Error(`no literal expectation for file ${JSON.stringify(name)}: add it to CHOOSE_REFUSAL`);
  return key;
}

describeModel('profile-images machine (model-based)', {
  ...fromCatalogue(catalogue['profile-images']),
  setup: () => {
    const fakes = { reported: [] as unknown[], saved: [] as string[] };
    const machine = catalogue['profile-images'].fake().provide({
      actions: {
        reportKeys: (_, params) => void fakes.reported.push(params),
        notifySaved: (_, params) => void fakes.saved.push((params as { slot: string }).slot),
      },
    });
    return { machine, fakes };
  },
  states: {
    idle: ({ snapshot, step, event, actions, fakes }) => {
      const { keys, errors, slot } = snapshot.context;
      expect(slot).toBeNull();
      if (step === 'init') expect(keys).toEqual({ photo_key: null, background_key: null });
      else if (step.startsWith('CHOOSE')) {
        // Refused before any upload: the reason under the slot's control.
        const file = (event as unknown as { file: { name: string } }).file;
        expect(messageText(errors[(event as unknown as { slot: 'photo' }).slot])).toBe(refusalOf(file.name));
        expect(actions).toEqual([]);
      } else if (step === 'setImage:done') {
        expect(keys).toEqual({ photo_key: 'm-2', background_key: null });
        expect(actions).toEqual(['notifySaved', 'reportKeys']);
        expect(fakes.saved.at(-1)).toBe('photo');
        expect(fakes.reported.at(-1)).toEqual({ photo_key: 'm-2', background_key: null });
        expect(errors.photo).toBeUndefined();
      } else if (step === 'uploadPhoto:error') {
        expect(messageText(errors.photo)).toBe('The file is too large');
        // The picture stays what it was (none, or the one saved earlier on this path); nothing is reported.
        expect([null, 'm-2']).toContain(keys.photo_key);
        expect(actions).toEqual([]);
      } else if (step === 'setImage:error') {
        expect(messageText(errors.photo)).toBe('errors:generic');
        expect([null, 'm-2']).toContain(keys.photo_key);
        expect(actions).toEqual([]);
      } else throw new Error(`unexpected way into idle: ${step}`);
    },
    uploading: ({ running, snapshot }) => {
      expect(snapshot.context.slot).toBe('photo');
      expect(running).toEqual([expect.objectContaining({ src: 'uploadPhoto', input: { userId: 'u-1', file: SAMPLE_FILES.photo } })]);
    },
    saving: ({ running }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'setImage', input: { userId: 'u-1', slot: 'photo', mediaId: 'm-2' } })]);
    },
  },
});
