import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header';

/** The profile screen of spec 2; its flow and machine arrive with the issue that owns it. */
export function ProfilePage() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.profile')} lead={t('pages.profileBody')} />;
}
