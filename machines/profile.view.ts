import type { SnapshotFrom } from 'xstate';
import type { FieldErrors, FormMessage } from './forms/field-errors';
import type { PricePoint, profileMachine } from './profile.machine';

type ProfileSnapshot = Pick<SnapshotFrom<typeof profileMachine>, 'matches' | 'can' | 'context'>;

/**
 * The profile page (/profile) as its machine shows it (issue 24 item 6): which part is on screen; the bio's field and
 * Save from `can`, with Save's working words; each price point's Remove from `can` (not while a removal runs); the
 * No / Yes dialog. The page renders this.
 */
export interface ProfileView {
  stage: 'loading' | 'loadFailed' | 'profile';
  bio: {
    value: string;
    error: FieldErrors<'bio_message'>['bio_message'];
    message: FormMessage | null;
    /** The field takes typing now (not while the bio saves or a removal asks or runs); read-only otherwise, keeping its focus. */
    editable: boolean;
    save: { enabled: boolean; labelKey: 'profile.saveBio' | 'profile.savingBio' };
  };
  /**
   * Cheapest first, as the server sent them. Remove as `can` says, except that it stays enabled while the dialog it
   * opened asks, so the dialog can give focus back to it on No (a disabled button loses focus).
   */
  pricePoints: { point: PricePoint; remove: boolean }[];
  /** Open while it asks and while the removal runs; the price point stays named while it closes. */
  dialog: { open: boolean; point: PricePoint | null };
}

export function profileView(snapshot: ProfileSnapshot): ProfileView {
  const { values, errors, message, pricePoints, removing } = snapshot.context;
  const asking = snapshot.matches('confirmingRemove');
  const stage = snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : 'profile';
  return {
    stage,
    bio: {
      value: values.bio_message,
      error: errors.bio_message,
      message,
      editable: snapshot.can({ type: 'CHANGE', field: 'bio_message', value: '' }),
      save: { enabled: snapshot.can({ type: 'SAVE_BIO' }), labelKey: snapshot.matches('savingBio') ? 'profile.savingBio' : 'profile.saveBio' },
    },
    pricePoints: pricePoints.map((point) => ({ point, remove: asking || snapshot.can({ type: 'REMOVE', id: point.id }) })),
    dialog: { open: asking || snapshot.matches('removing'), point: removing },
  };
}
