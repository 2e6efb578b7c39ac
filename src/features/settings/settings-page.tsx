import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header';

/** The settings screen of spec 2; its flow and machine arrive with the issue that owns it. */
export function SettingsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.settings')} lead={t('pages.settingsBody')} />;
}
