import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header';

/** The withdrawFunds screen of spec 2; its flow and machine arrive with the issue that owns it. */
export function WithdrawFundsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.withdrawFunds')} lead={t('pages.withdrawBody')} />;
}
