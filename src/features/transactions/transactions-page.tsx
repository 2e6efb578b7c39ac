import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { PageHeader } from '../../ui/page-header';
import { QueryTabs } from '../../ui/query-tabs';

const empty = css({
  py: '12',
  textAlign: 'center',
  color: 'fg.muted',
  bg: 'bg.surface',
  borderRadius: 'card',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
});

const TABS = ['all', 'pending', 'complete', 'pay', 'request'] as const;

/** Activity (spec 2/4): the five tabs, synced to `?tab=`; the list itself comes with the payments issue. */
export function TransactionsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.transactions')} lead={t('pages.transactionsBody')} />
      <QueryTabs
        label={t('routes.transactions')}
        tabs={TABS.map((value) => ({
          value,
          label: t(`tabs.${value}`),
          content: <p className={empty}>{t('pages.transactionsEmpty')}</p>,
        }))}
      />
    </>
  );
}
