import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '../../app/providers/session-context';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** A logout control that asks first (spec 2 "Dialogs: logout"); Yes sends LOGOUT to the session. */
export function LogoutButton({ trigger }: { trigger: ReactElement }) {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  return (
    <ConfirmDialog
      trigger={trigger}
      title={t('logoutDialog.title')}
      body={t('logoutDialog.body')}
      onConfirm={() => session.send({ type: 'LOGOUT' })}
    />
  );
}
