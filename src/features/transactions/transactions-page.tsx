import { appInspect } from '../../lib/app-inspector';
import { Tabs } from '@ark-ui/react/tabs';
import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { css } from '../../../styled-system/css';
import { TRANSACTION_TABS, transactionListMachine } from '../../../machines/transaction-list.machine';
import { transactionListView } from '../../../machines/transaction-list.view';
import { filtersFromParams, sameFilters, withFilters } from '../../../machines/activity-search.view';
import { useApi } from '../../api/use-api';
import { liveUpdates } from '../../api/live-updates';
import { SessionContext } from '../../app/providers/session-context';
import { button } from '../../ui/button-styles';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { tabStyles } from '../../ui/query-tabs';
import { activityCalls } from '../../api/activity-calls';
import { ActivityFiltersForm } from './activity-filters';
import { VirtualPaymentList } from './virtual-payment-list';

// Five tabs do not fit one row at 375 px in es or pt: they wrap onto a second row instead of scrolling out of
// sight behind a hidden scrollbar ("Req…" was all one saw of Request; issue 22 item 6).
// The pill look of tabStyles.list, wrapping.
const tabList = css({ display: 'flex', flexWrap: 'wrap', gap: '1', p: '1', bg: 'gray.100', borderRadius: { base: 'xl', sm: 'full' } });
const listCard = css({ bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.subtle', p: '2' });
const note = css({ py: '6', textAlign: 'center', color: 'fg.muted' });
const empty = css({
  py: '12',
  px: '4',
  textAlign: 'center',
  color: 'fg.muted',
  bg: 'bg.surface',
  borderRadius: 'card',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
});

/**
 * /transactions (spec 2/4): renders the transaction-list machine; the tab lives in `?tab=`. The header and tabs use
 * only the preloaded `common` strings, so they paint and the machine starts its first page while the `activity`
 * strings are still on their way (the list below waits for them behind its own boundary, in the spinner's box).
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  const api = useApi();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const [params, setParams] = useSearchParams();
  const urlTab = params.get('tab');
  const urlFilters = useMemo(() => filtersFromParams(params), [params]);
  const logic = useMemo(
    () =>
      transactionListMachine.provide({
        actors: { loadPage: activityCalls(api).loadPage, liveUpdates },
        actions: {
          writeTab: (_, { tab }) =>
            setParams(
              (current) => {
                current.set('tab', tab);
                return current;
              },
              { replace: true },
            ),
          // A new search is a new history entry: Back returns to the one before.
          writeFilters: (_, { filters }) => setParams((current) => withFilters(current, filters)),
        },
      }),
    [api, setParams],
  );
  const [state, send] = useMachine(logic, { input: { userId, tab: urlTab, filters: urlFilters }, inspect: appInspect });
  const { tab, filters } = state.context;

  // Back and Forward (or a link) change the address: the machine follows it.
  useEffect(() => {
    if (urlTab && urlTab !== tab && (TRANSACTION_TABS as readonly string[]).includes(urlTab)) {
      send({ type: 'SELECT_TAB', tab: urlTab as (typeof TRANSACTION_TABS)[number] });
    }
  }, [urlTab, tab, send]);
  useEffect(() => {
    if (!sameFilters(urlFilters, filters)) send({ type: 'SET_FILTERS', filters: urlFilters });
    // Only the address's changes: the machine's own writes make them equal again.
  }, [urlFilters, send]);

  return (
    <>
      <PageHeader title={t('routes.transactions')} lead={t('pages.transactionsBody')} />
      <Suspense fallback={null}>
        <ActivityFiltersForm
          filters={filters}
          errors={state.context.filterErrors}
          onSearch={(next) => send({ type: 'SET_FILTERS', filters: next })}
          onClear={() => send({ type: 'CLEAR_FILTERS' })}
        />
      </Suspense>
      <Tabs.Root value={tab} onValueChange={({ value }) => send({ type: 'SELECT_TAB', tab: value as (typeof TRANSACTION_TABS)[number] })}>
        <Tabs.List className={tabList} aria-label={t('routes.transactions')}>
          {TRANSACTION_TABS.map((value) => (
            <Tabs.Trigger key={value} value={value} className={tabStyles.trigger}>
              {t(`tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TRANSACTION_TABS.map((value) => (
          <Tabs.Content key={value} value={value} className={tabStyles.panel}>
            {value === tab ? (
              <Suspense fallback={<Spinner />}>
                <TabContent state={state} send={send} />
              </Suspense>
            ) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}

type ListSnapshot = SnapshotFrom<typeof transactionListMachine>;
type ListSend = (event: { type: 'SENTINEL_VISIBLE' } | { type: 'RETRY' }) => void;

/** The active tab's rows, empty state, or loading/failed note (the `activity` strings). */
function TabContent({ state, send }: { state: ListSnapshot; send: ListSend }) {
  const { t: ta } = useTranslation('activity');
  const { items } = state.context;
  const view = transactionListView(state);
  if (view.body.kind === 'empty') return <p className={empty}>{ta(view.body.key)}</p>;
  if (view.body.kind === 'spinner') return <Spinner />;
  return (
    <>
      <div className={listCard}>
        <VirtualPaymentList items={items} label={ta('list.label')} onEndVisible={() => send({ type: 'SENTINEL_VISIBLE' })} />
      </div>
      <div aria-live="polite" className={note}>
        {view.note && !('retry' in view.note) ? ta(view.note.key) : null}
        {view.note && 'retry' in view.note ? (
          <span role="alert" className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3' })}>
            {ta('list.loadFailed')}
            <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => send({ type: 'RETRY' })}>
              {ta('list.retry')}
            </button>
          </span>
        ) : null}
      </div>
    </>
  );
}
