import type { SnapshotFrom } from 'xstate';
import type { FormMessage } from './forms/field-errors';
import type { Preferences, preferencesMachine } from './preferences.machine';

type PreferencesSnapshot = Pick<SnapshotFrom<typeof preferencesMachine>, 'matches' | 'can' | 'context'>;

/**
 * The preferences section (/settings) as its machine shows it (issue 24 item 6): which part is on screen, whether the
 * emails box takes a change and what Save may do from `can`, and Save's working words while a save runs (a language
 * picked is stored at once, so that counts too). The section renders this.
 */
export interface PreferencesView {
  /** The preferences are being read: a spinner. */
  loading: boolean;
  /** The read failed: the reason and "Try again". */
  retry: boolean;
  form: {
    values: Preferences;
    message: FormMessage | null;
    /**
     * The emails box takes a change now (not while a save runs: the machine would drop it). The language select is
     * not held: it has the focus while its own save runs, and a disabled control loses it.
     */
    emailsEditable: boolean;
    save: { enabled: boolean; labelKey: 'preferences.save' | 'preferences.saving' };
  } | null;
}

export function preferencesView(snapshot: PreferencesSnapshot): PreferencesView {
  const loading = snapshot.matches('loading');
  const retry = snapshot.can({ type: 'RETRY' });
  const saving = snapshot.matches('saving') || snapshot.matches('savingLanguage');
  return {
    loading,
    retry,
    form:
      loading || retry
        ? null
        : {
            values: snapshot.context.values,
            message: snapshot.context.message,
            emailsEditable: snapshot.can({ type: 'CHANGE', field: 'emailNotifications', value: true }),
            save: { enabled: snapshot.can({ type: 'SAVE' }), labelKey: saving ? 'preferences.saving' : 'preferences.save' },
          },
  };
}
