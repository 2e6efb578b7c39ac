import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { readPurchase, type Purchase } from '../../../domain/purchase';
import { publicProfileMachine } from '../../../machines/public-profile.machine';
import { css } from '../../../styled-system/css';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { withQuery } from '../../config/paths';
import { NotFoundPage } from '../../ui/not-found-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadFailedPanel } from '../../ui/resource-panels';
import { Spinner } from '../../ui/spinner';
import { publicProfileCalls } from '../../api/pay-page-calls';
import { ShareLink } from '../../ui/share-link';
import { SupportersWall } from './supporters-wall';
import { PayForm, SignInOffer, StorefrontHeader } from './public-pay-parts';
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

  const view = storefrontView(state.context, profile);
  const pageUrl = `${pageOrigin()}${view.pagePath}`;
  return (
    <div className={wrap}>
      <StorefrontHeader view={view} />
      <div className={columns}>
        {screen.part === 'signIn' ? (
          <SignInOffer profile={profile} purchase={screen.purchase} onBack={() => send({ type: 'BACK' })} />
        ) : (
          <PayForm formId={PAY_FORM_ID} context={state.context} view={view} purchase={screen.purchase} send={send} />
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
