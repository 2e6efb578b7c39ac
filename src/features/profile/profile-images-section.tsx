import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_TYPES, profileImagesMachine, type ImageSlot } from '../../../machines/profile-images.machine';
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
const picker = css({ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } });
const banner = css({ display: 'block', w: '40', h: '16', borderRadius: 'lg', bg: 'brand.100', overflow: 'hidden' });
const bannerImage = css({ borderRadius: 'lg' });

/**
 * The avatar and background image of /profile, once the shell's profile summary has said what they are (it keeps
 * its last answer while it reloads, so saving a picture does not remount this).
 */
export function ProfileImagesSection() {
  const known = ProfileSummaryContext.useSelector((snapshot) => snapshot.context.summary !== null || snapshot.matches('unavailable'));
  return known ? <ProfileImages /> : null;
}

/** Renders the profile-images machine. Saved pictures refresh the profile summary, so the sidebar shows them at once. */
function ProfileImages() {
  const { t } = useTranslation('settings');
  const api = useApi();
  const notify = useNotify();
  const text = useFormText();
  const summaryActor = ProfileSummaryContext.useActorRef();
  const summary = ProfileSummaryContext.useSelector((snapshot) => snapshot.context.summary);
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const fullName = SessionContext.useSelector((snapshot) => snapshot.context.user?.fullName ?? snapshot.context.user?.username ?? null);
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
  const [state, send] = useMachine(logic, {
    input: { userId, photo_key: summary?.photo_key ?? null, background_key: summary?.background_key ?? null },
    inspect: appInspect,
  });
  const { keys, errors, slot: busySlot } = state.context;
  const busy = !state.matches('idle');
  const backgroundSrc = backgroundUrl(userId, keys.background_key);

  const control = (slot: ImageSlot, caption: string) => {
    const id = `profile-${slot}-file`;
    const error = text(errors[slot]);
    return (
      <div className={controls}>
        <span className={label}>{slot === 'photo' ? t('images.photo') : t('images.background')}</span>
        <label htmlFor={id} className={cx(button({ variant: 'outline', size: 'sm' }), picker)} aria-disabled={busy || undefined}>
          {busySlot === slot ? t('images.uploading') : caption}
          <input
            id={id}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className={visuallyHidden()}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // The same file may be chosen again after a refusal.
              event.currentTarget.value = '';
              if (file) send({ type: 'CHOOSE', slot, file: { name: file.name, size: file.size, type: file.type, data: file } });
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
  };

  return (
    <section className={card} aria-labelledby="profile-images-title">
      <h2 id="profile-images-title" className={sectionTitle}>
        {t('images.title')}
      </h2>
      <p className={mutedText}>{t('images.lead')}</p>
      <div className={rows}>
        <div className={row}>
          <Avatar src={avatarUrl(userId, keys.photo_key)} alt={t('images.photo')} name={fullName} size="md" />
          {control('photo', t('images.choosePhoto'))}
        </div>
        <div className={row}>
          {backgroundSrc ? (
            <span className={banner}>
              <Banner src={backgroundSrc} alt={t('images.currentBackground')} className={bannerImage} />
            </span>
          ) : (
            <div className={banner} role="img" aria-label={t('images.noBackground')} />
          )}
          {control('background', t('images.chooseBackground'))}
        </div>
      </div>
    </section>
  );
}
