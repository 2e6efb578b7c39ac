import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_TYPES, profileImagesMachine, type ImageSlot, type PickedFile } from '../../../machines/profile-images.machine';
import { profileImagesShown, profileImagesView, type ImagePickerView } from '../../../machines/profile-images.view';
import { css, cx } from '../../../styled-system/css';
import { visuallyHidden } from '../../../styled-system/patterns';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { i18n } from '../../i18n/i18n';
import { ProfileSummaryContext } from '../../layouts/app-shell/profile-summary-context';
import { appInspect } from '../../lib/app-inspector';
import { avatarUrl, backgroundUrl } from '../../lib/profile-images';
import { Avatar, Banner } from '../../ui/avatar';
import { button } from '../../ui/button-styles';
import { fieldError } from '../../ui/form/form-styles';
import { useFormText } from '../../ui/form/use-form-text';
import { useNotify } from '../../ui/notifications/use-notify';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { settingsCalls } from '../../api/settings-calls';

const rows = css({ mt: '4', display: 'grid', gap: '5' });
const row = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
const controls = css({ display: 'grid', gap: '2', justifyItems: 'start' });
const label = css({ fontWeight: 'semibold', color: 'fg.default' });
// The file input is hidden but focusable; its label is the visible button, ringed while the input has focus.
const pickerLabel = css({ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } });
const banner = css({ display: 'block', w: '40', h: '16', borderRadius: 'lg', bg: 'brand.100', overflow: 'hidden' });
const bannerImage = css({ borderRadius: 'lg' });

/**
 * The avatar and background image of /profile, once the shell's profile summary has said what they are (it keeps
 * its last answer while it reloads, so saving a picture does not remount this).
 */
export function ProfileImagesSection() {
  const known = ProfileSummaryContext.useSelector(profileImagesShown);
  return known ? <ProfileImages /> : null;
}

/** One picture's picker: the hidden file input under its visible label, and the refusal under it. */
function ImagePicker({ slot, picker, onChoose }: { slot: ImageSlot; picker: ImagePickerView; onChoose: (file: PickedFile) => void }) {
  const { t } = useTranslation('settings');
  const text = useFormText();
  const id = `profile-${slot}-file`;
  const error = text(picker.error);
  return (
    <div className={controls}>
      <span className={label}>{t(picker.titleKey)}</span>
      <label htmlFor={id} className={cx(button({ variant: 'outline', size: 'sm' }), pickerLabel)} aria-disabled={!picker.enabled || undefined}>
        {t(picker.labelKey)}
        <input
          id={id}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className={visuallyHidden()}
          disabled={!picker.enabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // The same file may be chosen again after a refusal.
            event.currentTarget.value = '';
            if (file) onChoose({ name: file.name, size: file.size, type: file.type, data: file });
          }}
        />
      </label>
      {error ? (
        <p id={`${id}-error`} className={fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The profile-images machine with its calls: saved pictures refresh the profile summary, so the sidebar shows them at once. */
function useProfileImagesMachine(userId: string) {
  const api = useApi();
  const notify = useNotify();
  const summaryActor = ProfileSummaryContext.useActorRef();
  const summary = ProfileSummaryContext.useSelector((snapshot) => snapshot.context.summary);
  const logic = useMemo(() => {
    const calls = settingsCalls(api);
    return profileImagesMachine.provide({
      actors: { uploadPhoto: calls.uploadPhoto, setImage: calls.setImage },
      actions: {
        notifySaved: (_, { slot }) => notify.success(i18n.t(slot === 'photo' ? 'settings:images.photoSaved' : 'settings:images.backgroundSaved')),
        reportKeys: () => summaryActor.send({ type: 'REFRESH' }),
      },
    });
  }, [api, notify, summaryActor]);
  return useMachine(logic, {
    input: { userId, photo_key: summary?.photo_key ?? null, background_key: summary?.background_key ?? null },
    inspect: appInspect,
  });
}

/** Renders the profile-images machine. */
function ProfileImages() {
  const { t } = useTranslation('settings');
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const fullName = SessionContext.useSelector((snapshot) => snapshot.context.user?.fullName ?? snapshot.context.user?.username ?? null);
  const [state, send] = useProfileImagesMachine(userId);
  const { keys } = state.context;
  const view = profileImagesView(state);
  const backgroundSrc = backgroundUrl(userId, keys.background_key);
  const choose = (slot: ImageSlot) => (file: PickedFile) => send({ type: 'CHOOSE', slot, file });

  return (
    <section className={card} aria-labelledby="profile-images-title">
      <h2 id="profile-images-title" className={sectionTitle}>
        {t('images.title')}
      </h2>
      <p className={mutedText}>{t('images.lead')}</p>
      <div className={rows}>
        <div className={row}>
          <Avatar src={avatarUrl(userId, keys.photo_key)} alt={t('images.photo')} name={fullName} size="md" />
          <ImagePicker slot="photo" picker={view.photo} onChoose={choose('photo')} />
        </div>
        <div className={row}>
          {backgroundSrc ? (
            <span className={banner}>
              <Banner src={backgroundSrc} alt={t('images.currentBackground')} className={bannerImage} />
            </span>
          ) : (
            <div className={banner} role="img" aria-label={t('images.noBackground')} />
          )}
          <ImagePicker slot="background" picker={view.background} onChoose={choose('background')} />
        </div>
      </div>
    </section>
  );
}
