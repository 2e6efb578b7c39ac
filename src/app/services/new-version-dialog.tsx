import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** Spec 2 "Dialogs: new site version (reload)": Reload refreshes the page, Later (or Escape) asks again later. */
export function NewVersionDialog({ open, onReload, onLater }: { open: boolean; onReload: () => void; onLater: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('versionCheck.title')}
      body={t('versionCheck.body')}
      noLabel={t('versionCheck.later')}
      yesLabel={t('versionCheck.reload')}
      onConfirm={onReload}
      onCancel={onLater}
    />
  );
}
