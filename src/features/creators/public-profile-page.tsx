import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { readPurchase, type Purchase } from '../../../domain/purchase';
import { parseAmount } from '../../../domain/money/amount';
import { NOTE_MAX_LENGTH, PRESET_AMOUNTS, publicProfileMachine } from '../../../machines/public-profile.machine';
import { css } from '../../../styled-system/css';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { LOGIN_PATH, SIGN_UP_PATH, withQuery } from '../../config/paths';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { FormAlert } from '../../ui/form/form-alert';
import { TextField } from '../../ui/form/text-field';
import { NotFoundPage } from '../../ui/not-found-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { LoadFailedPanel } from '../../ui/resource-panels';
import { Spinner } from '../../ui/spinner';
import { Avatar, Banner } from '../../ui/avatar';
import { publicProfileCalls } from '../../api/pay-page-calls';
import { ShareLink } from '../../ui/share-link';
import { SupportersWall } from './supporters-wall';
import { publicPageScreen, storefrontView } from '../../../machines/public-profile.view';
import { useHydrated } from '../../lib/use-hydrated';
import { pageOrigin } from '../../lib/page-origin';
import { givenProfile, leavingProfilePage } from './given-profile';

const SEND_PATH = '/payment/send';
const PAY_FORM_ID = 'public-pay-form';
const wrap = css({ maxW: '5xl', mx: 'auto', w: 'full', display: 'grid', gap: '6', py: { base: '4', md: '8' }, px: { base: '4', md: '6' } });
// One column on a phone; at 1280 px the pay form beside the share card and the supporters.
const columns = css({ display: 'grid', gap: '6', alignItems: 'start', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } });
const aside = css({ display: 'grid', gap: '6' });
const choices = css({ mt: '4', display: 'grid', gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: '3', border: 'none', p: '0' });
const offers = css({ mt: '6', display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, gap: '3', border: 'none', p: '0' });
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
// A price point as a card: the radio in its corner, the price large, the title, what the fan gets and how soon.
const offerCard = css({
  position: 'relative',
  display: 'grid',
  gap: '1',
  p: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.default',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { boxShadow: '0 0 0 3px rgba(59, 110, 245, 0.35)' },
});
const offerRadio = css({ position: 'absolute', top: '4', right: '4' });
const offerPrice = css({ fontSize: '2xl', fontWeight: 'bold', color: 'fg.default' });
const offerTitle = css({ fontWeight: 'semibold', color: 'fg.default', pr: '6' });
const offerMeta = css({ fontSize: 'sm', color: 'fg.muted' });
const links = css({ mt: '4', display: 'flex', gap: '3', flexWrap: 'wrap' });
// The creator's cover (their banner, or the brand's gradient) with their avatar overlapping its lower edge.
const cover = css({
  h: { base: '36', md: '56' },
  borderRadius: '2xl',
  overflow: 'hidden',
  bgGradient: 'to-br',
  gradientFrom: 'brand.500',
  gradientTo: 'brand.800',
});
const identity = css({ display: 'grid', gap: '2' });
const avatarOnCover = css({ mt: { base: '-16', md: '-20' }, ml: { base: '4', md: '8' }, borderWidth: '4px', borderColor: 'bg.default' });
const name = css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'bold', color: 'fg.default', lineHeight: 'tight' });
const handle = css({ color: 'fg.muted', fontSize: { base: 'md', md: 'lg' } });
const bio = css({ mt: '2', maxW: '2xl', whiteSpace: 'pre-line' });
const qr = css({ mt: '4', display: 'flex', justifyContent: 'center', minH: '36' });

const PageQrCode = lazy(() => import('./page-qr-code'));

/** The send screen's query (agreed with the send screen, docs/decisions.md): `to` username, `amount`, `pricePointId`. */
function sendScreenUrl(purchase: Purchase, note: string): string {
  return withQuery(SEND_PATH, { to: purchase.creatorUsername, amount: purchase.amount, pricePointId: purchase.pricePointId, note: note || undefined });
}

/** The choice a link carries (`?amount=` or `?pricePointId=`), or the purchase set-up resumes (router state). */
function initialPurchase(username: string, search: string): Purchase | null {
  // The server renders the page only for an address without a query, and knows no history entry.
  if (import.meta.env.SSR) return null;
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
        actors: publicProfileCalls(api),
        actions: {
          openSend: (_, { purchase, note }) => navigate(sendScreenUrl(purchase, note)),
          focusError: () => requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${PAY_FORM_ID} [data-form-alert]`)?.focus()),
        },
      }),
    [api, navigate],
  );
  // The profile the server rendered the page with, when it did (given-profile.ts): no second call for it.
  const [state, send] = useMachine(logic, {
    input: { username, signedIn, initial: initialPurchase(username, search), loaded: givenProfile(username) },
    inspect: appInspect,
  });
  useEffect(() => () => leavingProfilePage(location), [location]);
  // The QR code's own chunk loads after the page has hydrated (its box keeps its place): not in the server's HTML.
  const hydrated = useHydrated();
  const { selection, customAmount, note, error } = state.context;
  useDocumentTitle(state.context.profile ? t('publicPage.title', { name: state.context.profile.full_name }) : t('publicPage.pay'));

  const screen = publicPageScreen(state);
  if (screen.part === 'notFound') return <NotFoundPage />;
  if (screen.part === 'loadFailed') {
    return (
      <div className={wrap}>
        <LoadFailedPanel message={t('publicPage.loadFailed')} retryLabel={t('profile.retry')} onRetry={() => send({ type: 'RETRY' })} size="md" />
      </div>
    );
  }
  if (screen.part === 'loading') return <Spinner />;
  const profile = screen.profile;

  const money = (amount: string) => format.money(parseAmount(amount) ?? 0);
  const view = storefrontView(state.context, profile);
  const pageUrl = `${pageOrigin()}${view.pagePath}`;
  return (
    <div className={wrap}>
      <header className={identity}>
        <div className={cover}>{view.cover ? <Banner src={view.cover} alt="" eager /> : null}</div>
        <Avatar src={view.photo} alt={view.name} size="xl" className={avatarOnCover} eager />
        <h1 className={name}>{view.name}</h1>
        <p className={handle}>{view.handle}</p>
        {view.bio ? <p className={bio}>{view.bio}</p> : null}
      </header>
      <div className={columns}>
        {screen.part === 'signIn' ? (
          <section className={card} aria-labelledby="pay-sign-in-title">
            <h2 id="pay-sign-in-title" className={sectionTitle}>
              {t('publicPage.signInTitle')}
            </h2>
            <p className={mutedText}>{t('publicPage.signInBody', { amount: money(screen.purchase.amount ?? '0'), name: profile.full_name })}</p>
            <div className={links}>
              <Link href={withQuery(SIGN_UP_PATH, { purchase: JSON.stringify(screen.purchase) })} className={button()}>
                {t('publicPage.signUp')}
              </Link>
              <Link
                href={withQuery(LOGIN_PATH, { next: withQuery(`/${profile.username}`, { amount: screen.purchase.amount, pricePointId: screen.purchase.pricePointId }) })}
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
            {view.showNote ? (
              <div className={css({ mt: '4' })}>
                <TextField
                  id="pay-note"
                  label={t('publicPage.noteLabel')}
                  value={note}
                  onValueChange={(value) => send({ type: 'CHANGE_NOTE', value })}
                  maxLength={NOTE_MAX_LENGTH}
                  autoComplete="off"
                />
              </div>
            ) : null}
            {view.cards.length > 0 ? (
              <fieldset className={offers}>
                <legend className={sectionTitle}>{t('publicPage.pricePointsTitle')}</legend>
                {view.cards.map((offer) => {
                  const price = format.money(offer.priceCents);
                  const media = t(`mediaType.${offer.mediaType}`);
                  const promise = t('publicPage.replyWithin', { hours: offer.replyWithinHours });
                  return (
                    <label key={offer.id} className={offerCard}>
                      <input
                        type="radio"
                        name="pay-choice"
                        className={offerRadio}
                        aria-label={`${price} · ${offer.title} · ${media} · ${promise}`}
                        checked={offer.selected}
                        onChange={() => send({ type: 'SELECT_PRICE_POINT', id: offer.id })}
                      />
                      <span className={offerPrice}>{price}</span>
                      <span className={offerTitle}>{offer.title}</span>
                      <span className={offerMeta}>
                        {media} · {promise}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
            ) : null}
            <button type="submit" className={`${button({ size: 'lg', fullWidth: true })} ${css({ mt: '6' })}`}>
              {screen.purchase ? t('publicPage.payAmount', { amount: money(screen.purchase.amount ?? '0') }) : t('publicPage.pay')}
            </button>
          </form>
        )}
        <div className={aside}>
          <ShareLink username={profile.username} title={t('publicPage.shareTitle')} lead={t('publicPage.shareLead', { name: profile.full_name })}>
            <div className={qr}>
              {hydrated ? (
                <Suspense fallback={null}>
                  <PageQrCode url={pageUrl} label={t('publicPage.qrLabel', { url: pageUrl })} />
                </Suspense>
              ) : null}
            </div>
          </ShareLink>
          <SupportersWall username={profile.username} creatorId={profile.user_id} />
        </div>
      </div>
    </div>
  );
}
