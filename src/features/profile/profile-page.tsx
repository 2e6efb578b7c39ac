import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BIO_MAX_LENGTH } from '../../../domain/limits';
import { profileMachine, type ProfileEvent } from '../../../machines/profile.machine';
import { profileView, type ProfileView } from '../../../machines/profile.view';
import { isApiFailure } from '../../../machines/forms/api-failure';
import { css } from '../../../styled-system/css';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { PRICE_POINT_PATH } from '../../config/paths';
import { i18n } from '../../i18n/i18n';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormAlert } from '../../ui/form/form-alert';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { TextAreaField } from '../../ui/form/text-area-field';
import { useNotify } from '../../ui/notifications/use-notify';
import { PageHeader } from '../../ui/page-header';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { LoadFailedPanel } from '../../ui/resource-panels';
import { Spinner } from '../../ui/spinner';
import { creatorCalls } from '../../api/creator-calls';
import { pricePointName } from '../../lib/price-point-name';
import { ShareLink } from '../../ui/share-link';
import { ProfileSummaryContext } from '../../layouts/app-shell/profile-summary-context';
import { ProfileImagesSection } from './profile-images-section';
import { LazyMoneyChart } from '../../ui/money-chart/lazy-money-chart';
import { moneySummaryCalls } from '../../api/money-summary-calls';

const BIO_FORM_ID = 'profile-bio-form';
const sections = css({ display: 'grid', gap: '6', maxW: '2xl' });
const bioForm = css({ mt: '4', display: 'grid', gap: '4', justifyItems: 'start' });
const headRow = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
const list = css({ mt: '4', display: 'grid', gap: '3', listStyle: 'none', p: '0' });
const item = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '3',
  p: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.subtle',
});
const name = css({ fontSize: 'lg', fontWeight: 'bold', color: 'fg.default' });

/** /profile (signed in): renders the profile machine — the bio form and the price points, cheapest first. */
export function ProfilePage() {
  const { t } = useTranslation('creators');
  const { t: tc } = useTranslation();
  const api = useApi();
  const chartActors = useMemo(() => moneySummaryCalls(api), [api]);
  const notify = useNotify();
  const format = useFormat();
  const user = SessionContext.useSelector((snapshot) => snapshot.context.user);
  const summary = ProfileSummaryContext.useActorRef();
  const logic = useMemo(
    () =>
      profileMachine.provide({
        actors: creatorCalls(api),
        actions: {
          focusFirstError: () => focusFirstError(BIO_FORM_ID),
          notifyBioSaved: () => {
            notify.success(i18n.t('creators:profile.bioSaved'));
            // The sidebar shows the bio too.
            summary.send({ type: 'REFRESH' });
          },
          notifyRemoved: () => notify.success(i18n.t('creators:profile.removed')),
          notifyRemoveFailed: (_, { error }) => notify.error(isApiFailure(error) && error.detail ? error.detail : i18n.t('errors:generic')),
        },
      }),
    [api, notify, summary],
  );
  const [state, send] = useMachine(logic, { input: { userId: user?.userId ?? '' }, inspect: appInspect });
  const view = profileView(state);
  const header = <PageHeader title={tc('routes.profile')} lead={t('profile.lead')} />;

  if (view.stage === 'loading') return <>{header}<Spinner /></>;
  if (view.stage === 'loadFailed') {
    return (
      <>
        {header}
        <LoadFailedPanel message={t('profile.loadFailed')} retryLabel={t('profile.retry')} onRetry={() => send({ type: 'RETRY' })} size="md" />
      </>
    );
  }

  const nameOf = (price: string) => pricePointName(price, format.money);
  const removing = view.dialog.point;
  return (
    <>
      {header}
      <div className={sections}>
        {user?.username ? <ShareLink username={user.username} /> : null}
        {/* Money in and out, with orders and tips apart for a creator (issue 26 item 1): its own lazy chunk. */}
        {user?.userId ? <LazyMoneyChart userId={user.userId} actors={chartActors} /> : null}
        <ProfileImagesSection />
        <BioSection bio={view.bio} send={send} />
        <PricePointsSection pricePoints={view.pricePoints} nameOf={nameOf} send={send} />
      </div>
      <ConfirmDialog
        open={view.dialog.open}
        onCancel={() => send({ type: 'CANCEL' })}
        onConfirm={() => send({ type: 'CONFIRM' })}
        destructive
        title={t('profile.removeDialogTitle')}
        body={removing ? t('profile.removeDialogBody', { name: nameOf(removing.price), description: removing.description }) : ''}
      />
    </>
  );
}

type Send = (event: ProfileEvent) => void;

/** The bio: a one-field form. */
function BioSection({ bio, send }: { bio: ProfileView['bio']; send: Send }) {
  const { t } = useTranslation('creators');
  return (
    <section className={card} aria-labelledby="profile-bio-title">
      <h2 id="profile-bio-title" className={sectionTitle}>
        {t('profile.bioTitle')}
      </h2>
      <form
        id={BIO_FORM_ID}
        className={bioForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SAVE_BIO' });
        }}
      >
        <FormAlert message={bio.message} />
        <div className={css({ w: 'full' })}>
          <TextAreaField
            id="profile-bio"
            label={t('profile.bioLabel')}
            value={bio.value}
            onValueChange={(value) => send({ type: 'CHANGE', field: 'bio_message', value })}
            error={bio.error}
            hint={t('profile.bioHint', { max: BIO_MAX_LENGTH })}
            rows={3}
            readOnly={!bio.editable}
          />
        </div>
        <button type="submit" className={button()} disabled={!bio.save.enabled}>
          {t(bio.save.labelKey)}
        </button>
      </form>
    </section>
  );
}

/** The price points, cheapest first, each with its Remove (which asks first). */
function PricePointsSection(props: { pricePoints: ProfileView['pricePoints']; nameOf: (price: string) => string; send: Send }) {
  const { t } = useTranslation('creators');
  const { pricePoints, nameOf, send } = props;
  return (
    <section className={card} aria-labelledby="profile-price-points-title">
      <div className={headRow}>
        <h2 id="profile-price-points-title" className={sectionTitle}>
          {t('profile.pricePointsTitle')}
        </h2>
        <Link href={PRICE_POINT_PATH} className={button({ variant: 'outline', size: 'sm' })}>
          {t('profile.addPricePoint')}
        </Link>
      </div>
      <p className={mutedText}>{t('profile.pricePointsLead')}</p>
      {pricePoints.length === 0 ? (
        <p className={css({ mt: '4' })}>{t('profile.noPricePoints')}</p>
      ) : (
        <ul className={list} aria-label={t('profile.pricePointsTitle')}>
          {pricePoints.map(({ point, remove }) => (
            <li key={point.id} className={item}>
              <div>
                <p className={name}>{nameOf(point.price)}</p>
                <p>{point.description}</p>
                <p className={mutedText}>{t(`mediaType.${point.media_type}`)}</p>
              </div>
              <button
                type="button"
                className={button({ variant: 'ghost', size: 'sm' })}
                aria-label={t('profile.removeLabel', { name: nameOf(point.price) })}
                disabled={!remove}
                onClick={() => send({ type: 'REMOVE', id: point.id })}
              >
                {t('profile.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
