import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header';

/** The payment screen of spec 2; its flow and machine arrive with the issue that owns it. */
export function PaymentPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.payment')} lead={t('pages.paymentBody')} />;
}
