import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { readPurchase, type Purchase } from '../../../domain/purchase';
import { parseAmount } from '../../../domain/money/amount';
import { PRESET_AMOUNTS, publicProfileMachine, purchaseOf } from '../../../machines/public-profile.machine';
import { css } from '../../../styled-system/css';
import { useApi } from '../../api/use-api';
import { unwrap } from '../../api/unwrap';
import { quiet } from '../../api/quiet';
import { SessionContext } from '../../app/providers/session-context';
import { LOGIN_PATH, SIGN_UP_PATH, withQuery } from '../../config/paths';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { FormAlert } from '../../ui/form/form-alert';
import { TextField } from '../../ui/form/text-field';
import { NotFoundPage } from '../../ui/not-found-page';
import { PageHeader } from '../../ui/page-header';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { LoadFailedPanel } from '../../ui/resource-panels';
import { Spinner } from '../../ui/spinner';
import { fromPromise } from 'xstate';
import { pricePointName } from './price-point-name';
import type { PublicProfileData } from '../../../machines/public-profile.machine';

export const SEND_PATH = '/payment/send';
const PAY_FORM_ID = 'public-pay-form';
const wrap = css({ maxW: '2xl', mx: 'auto', w: 'full', display: 'grid', gap: '6', py: { base: '6', md: '10' }, px: { base: '4', md: '0' } });
const choices = css({ mt: '4', display: 'grid', gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: '3', border: 'none', p: '0' });
const offers = css({ mt: '4', display: 'grid', gap: '3', border: 'none', p: '0' });
const choice = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '12',
  px: '4',
  py: '2',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { boxShadow: '0 0 0 3px rgba(59, 110, 245, 0.35)' },
});
const links = css({ mt: '4', display: 'flex', gap: '3', flexWrap: 'wrap' });

/** The send screen's query (agreed with the send screen, docs/decisions.md): `to` username, `amount`, `pricePointId`. */
export function sendScreenUrl(purchase: Purchase): string {
  return withQuery(SEND_PATH, { to: purchase.creatorUsername, amount: purchase.amount, pricePointId: purchase.pricePointId });
}

/** The choice a link carries (`?amount=` or `?pricePointId=`), or the purchase set-up resumes (router state). */
function initialPurchase(username: string, search: string): Purchase | null {
  const fromState = readPurchase((window.history.state as { purchase?: unknown } | null)?.purchase ?? null);
  if (fromState) return fromState;
  const query = new URLSearchParams(search);
  return readPurchase({
    creatorUsername: username,
    ...(query.get('amount') ? { amount: query.get('amount') } : {}),
    ...(query.get('pricePointId') ? { pricePointId: query.get('pricePointId') } : {}),
  });
}

/** `/{username}`: the creator's public pay page, for visitors and signed-in users alike. */
export function PublicProfilePage() {
  const { t } = useTranslation('creators');
  const api = useApi();
  const format = useFormat();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const username = decodeURIComponent(location.replace(/^\//, '').replace(/\/$/, ''));
  const signedIn = SessionContext.useSelector((snapshot) => snapshot.context.user !== null);
  const logic = useMemo(
    () =>
      publicProfileMachine.provide({
        actors: {
          loadPublicProfile: fromPromise<PublicProfileData, { username: string }>(async ({ input, signal }) =>
            unwrap(
              api.GET('/app/public/profile/{username}', { params: { path: { username: input.username } }, middleware: [quiet], signal }),
            ),
          ),
        },
        actions: {
          openSend: (_, { purchase }) => navigate(sendScreenUrl(purchase)),
          focusError: () => requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${PAY_FORM_ID} [data-form-alert]`)?.focus()),
        },
      }),
    [api, navigate],
  );
  const [state, send] = useMachine(logic, { input: { username, signedIn, initial: initialPurchase(username, search) }, inspect: appInspect });
  const { profile, selection, customAmount, error } = state.context;

  if (state.matches('notFound')) return <NotFoundPage />;
  if (state.matches('loading') || !profile) {
    if (state.matches('loadFailed')) {
      return (
        <div className={wrap}>
          <LoadFailedPanel message={t('publicPage.loadFailed')} retryLabel={t('profile.retry')} onRetry={() => send({ type: 'RETRY' })} size="md" />
        </div>
      );
    }
    return <Spinner />;
  }

  const money = (amount: string) => format.money(parseAmount(amount) ?? 0);
  const purchase = purchaseOf(state.context);
  const points = profile.profile.price_point_details;
  return (
    <div className={wrap}>
      <PageHeader title={t('publicPage.title', { name: profile.full_name })} lead={`@${profile.username}`}>
        {profile.profile.bio_message ? <p className={css({ mt: '3' })}>{profile.profile.bio_message}</p> : null}
      </PageHeader>
      {state.matches('signInNeeded') && purchase ? (
        <section className={card} aria-labelledby="pay-sign-in-title">
          <h2 id="pay-sign-in-title" className={sectionTitle}>
            {t('publicPage.signInTitle')}
          </h2>
          <p className={mutedText}>
            {t('publicPage.signInBody', { amount: money(purchase.amount ?? '0'), name: profile.full_name })}
          </p>
          <div className={links}>
            <Link href={withQuery(SIGN_UP_PATH, { purchase: JSON.stringify(purchase) })} className={button()}>
              {t('publicPage.signUp')}
            </Link>
            <Link
              href={withQuery(LOGIN_PATH, { next: withQuery(`/${profile.username}`, { amount: purchase.amount, pricePointId: purchase.pricePointId }) })}
              className={button({ variant: 'outline' })}
            >
              {t('publicPage.signIn')}
            </Link>
            <button type="button" className={button({ variant: 'ghost' })} onClick={() => send({ type: 'BACK' })}>
              {t('publicPage.change')}
            </button>
          </div>
        </section>
      ) : (
        <form
          id={PAY_FORM_ID}
          className={card}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'PAY' });
          }}
        >
          <FormAlert message={error} />
          <fieldset className={choices}>
            <legend className={sectionTitle}>{t('publicPage.amountsTitle')}</legend>
            {PRESET_AMOUNTS.map((amount) => (
              <label key={amount} className={choice}>
                <input
                  type="radio"
                  name="pay-choice"
                  checked={selection?.kind === 'amount' && selection.amount === amount}
                  onChange={() => send({ type: 'SELECT_AMOUNT', amount })}
                />
                {money(amount)}
              </label>
            ))}
            <label className={choice}>
              <input type="radio" name="pay-choice" checked={selection?.kind === 'custom'} onChange={() => send({ type: 'SELECT_CUSTOM' })} />
              {t('publicPage.custom')}
            </label>
          </fieldset>
          {selection?.kind === 'custom' ? (
            <div className={css({ mt: '4' })}>
              <TextField
                id="pay-custom-amount"
                label={t('publicPage.customLabel')}
                value={customAmount}
                onValueChange={(value) => send({ type: 'CHANGE_CUSTOM', value })}
                inputMode="decimal"
                autoComplete="off"
              />
            </div>
          ) : null}
          {points.length > 0 ? (
            <fieldset className={offers}>
              <legend className={sectionTitle}>{t('publicPage.pricePointsTitle')}</legend>
              {points.map((point) => (
                <label key={point.id} className={choice}>
                  <input
                    type="radio"
                    name="pay-choice"
                    checked={selection?.kind === 'pricePoint' && selection.id === point.id}
                    onChange={() => send({ type: 'SELECT_PRICE_POINT', id: point.id })}
                  />
                  <span>
                    <strong>{pricePointName(point.price, format.money)}</strong> · {point.description} · {t(`mediaType.${point.media_type}`)}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <button type="submit" className={`${button({ size: 'lg', fullWidth: true })} ${css({ mt: '6' })}`}>
            {purchase ? t('publicPage.payAmount', { amount: money(purchase.amount ?? '0') }) : t('publicPage.pay')}
          </button>
        </form>
      )}
    </div>
  );
}
