import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { pendingFirstSteps, type FirstStep } from '../../../domain/first-steps';
import { homeActivityMachine } from '../../../machines/home-activity.machine';
import { homeSectionsView } from '../../../machines/home-activity.view';
import { useApi } from '../../api/use-api';
import { liveUpdates } from '../../api/live-updates';
import { SessionContext } from '../../app/providers/session-context';
import { ADD_MONEY_PATH, CHECK_EMAIL_PATH, TRANSACTIONS_PATH, WITHDRAW_FUNDS_PATH, withQuery } from '../../config/paths';
import { returnQuery } from '../../lib/return-to';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { PageHeader } from '../../ui/page-header';
import { card, mutedText, sectionTitle, textLink } from '../../ui/page-styles';
import { Spinner } from '../../ui/spinner';
import { cents } from '../../ui/activity/payment-display';
import { TransactionRow } from '../../ui/activity/transaction-row';
import { loadHome } from './home-data';
import { homeGreetingKey, useFirstVisit } from '../../lib/first-visit';
import { OrdersWaitingCard } from './orders-waiting-card';
import { LazyMoneyChart } from '../../ui/money-chart/lazy-money-chart';
import { moneySummaryCalls } from '../../api/money-summary-calls';

const balanceCard = css({
  p: { base: '5', md: '6' },
  borderRadius: 'card',
  color: 'white',
  bgGradient: 'to-br',
  gradientFrom: 'brand.600',
  gradientTo: 'brand.900',
  boxShadow: 'raised',
});
const balanceLabel = css({ fontSize: 'sm', fontWeight: 'medium', color: 'brand.100' });
const balance = css({ mt: '1', fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: '-0.02em' });
const balanceRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' });
const addMoneyLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '11',
  px: '4',
  borderRadius: 'full',
  bg: 'white',
  color: 'brand.800',
  fontWeight: 'semibold',
  textDecoration: 'none',
  _hover: { bg: 'brand.50' },
});
const stack = css({ display: 'grid', gap: '5', mt: '5' });
const stepsGrid = css({ mt: '4', display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' });
const stepCard = css({ p: '4', borderRadius: 'xl', borderWidth: '1px', borderColor: 'border.subtle', bg: 'brand.50', display: 'grid', gap: '2' });
const stepTitle = css({ fontWeight: 'bold', fontSize: 'md' });
const recentList = css({ mt: '3', listStyle: 'none', p: 0, display: 'grid', gap: '1' });
const headerRow = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3' });

/** Where each first step is done (the add-card screen is the wallet work's, spec 2's route). */
const STEP_LINKS: Record<FirstStep, string> = {
  verifyEmail: CHECK_EMAIL_PATH,
  addMoney: WITHDRAW_FUNDS_PATH,
  addCard: '/settings/payment-methods/add-new-card',
  completeProfile: '/profile',
};

/**
 * Home (spec 2): balance, first-step cards and recent activity; renders the home-activity machine. The header and
 * the balance use only the preloaded `common` strings: they paint, and the machine starts its calls, while the
 * `activity` strings of the sections below are still loading (those wait behind their own boundary).
 */
export function HomePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const api = useApi();
  const chartActors = useMemo(() => moneySummaryCalls(api), [api]);
  const user = SessionContext.useSelector((snapshot) => snapshot.context.user);
  const firstVisit = useFirstVisit();
  const userId = user?.userId ?? '';
  const logic = useMemo(() => homeActivityMachine.provide({ actors: { loadHome: loadHome(api), liveUpdates } }), [api]);
  const [state, send] = useMachine(logic, { input: { userId }, inspect: appInspect });
  const { data } = state.context;
  const steps = pendingFirstSteps({
    emailVerified: user?.emailStatus === 'verified',
    hasMoney: data ? cents(data.balance) > 0 : null,
    hasCard: data?.hasCard ?? null,
    profileComplete: data?.profileComplete ?? null,
  });

  return (
    <>
      <PageHeader title={t('routes.home')} lead={t(homeGreetingKey(firstVisit), { name: user?.fullName ?? '' })} />
      <section className={balanceCard} aria-labelledby="balance-label">
        <p id="balance-label" className={balanceLabel}>
          {t('pages.balanceLabel')}
        </p>
        <div className={balanceRow}>
          <p className={balance}>{data ? format.money(cents(data.balance)) : '—'}</p>
          {/* One tap from the balance (issue 22 item 12); the add-money screen leads back here when done. */}
          <Link href={withQuery(ADD_MONEY_PATH, returnQuery('home'))} className={addMoneyLink}>
            {t('pages.addMoney')}
          </Link>
        </div>
      </section>
      <Suspense fallback={<Spinner />}>
        {/* A creator's open orders (issue 23 item 3): shown only when some wait for a reply. */}
        {userId ? <OrdersWaitingCard userId={userId} /> : null}
        <HomeSections state={state} send={send} steps={steps} />
      </Suspense>
      {/* Money in and out (issue 26 item 1): its own lazy chunk and its own boundary, after the page's sections. */}
      {userId ? (
        <div className={stack}>
          <LazyMoneyChart userId={userId} actors={chartActors} />
        </div>
      ) : null}
    </>
  );
}

/**
 * First steps and recent activity. Until the calls answer, one spinner holds their place: the cards that depend on
 * the answers would otherwise appear above the recent payments and push them down (a layout shift).
 */
function HomeSections({
  state,
  send,
  steps,
}: {
  state: SnapshotFrom<typeof homeActivityMachine>;
  send: (event: { type: 'RETRY' }) => void;
  steps: FirstStep[];
}) {
  const { t: ta } = useTranslation('activity');
  const view = homeSectionsView(state);
  if (view.loading) return <Spinner />;
  return (
    <div className={stack}>
      {steps.length > 0 ? (
        <section className={card} aria-labelledby="first-steps-title">
          <h2 id="first-steps-title" className={sectionTitle}>
            {ta('home.firstStepsTitle')}
          </h2>
          <ul className={stepsGrid}>
            {steps.map((step) => (
              <li key={step} className={stepCard}>
                <h3 className={stepTitle}>{ta(`home.${step}.title`)}</h3>
                <p className={mutedText}>{ta(`home.${step}.body`)}</p>
                <Link href={STEP_LINKS[step]} className={textLink}>
                  {ta(`home.${step}.action`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={card} aria-labelledby="recent-title">
        <div className={headerRow}>
          <h2 id="recent-title" className={sectionTitle}>
            {ta('home.recentTitle')}
          </h2>
          <Link href={TRANSACTIONS_PATH} className={textLink}>
            {ta('home.seeAll')}
          </Link>
        </div>
        {view.retry ? (
          <div role="alert">
            <p className={mutedText}>{ta('home.recentFailed')}</p>
            <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => send({ type: 'RETRY' })}>
              {ta('home.retry')}
            </button>
          </div>
        ) : null}
        {view.recent && view.recent.length === 0 ? <p className={mutedText}>{ta('home.recentEmpty')}</p> : null}
        {view.recent && view.recent.length > 0 ? (
          <ul className={recentList} aria-labelledby="recent-title">
            {view.recent.map((payment) => (
              <li key={payment.payment_id}>
                <TransactionRow payment={payment} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
