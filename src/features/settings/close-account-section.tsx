import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAccountMachine } from '../../../machines/close-account.machine';
import { closeAccountView } from '../../../machines/close-account.view';
import { css } from '../../../styled-system/css';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { i18n } from '../../i18n/i18n';
import { appInspect } from '../../lib/app-inspector';
import { button } from '../../ui/button-styles';
import { PasswordDialog } from '../../ui/password-dialog';
import { FormAlert } from '../../ui/form/form-alert';
import { useNotify } from '../../ui/notifications/use-notify';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { settingsCalls } from '../../api/settings-calls';

const body = css({ mt: '2', mb: '4', display: 'grid', gap: '4', justifyItems: 'start' });

/**
 * Close account (spec 2 "Dialogs"): renders the close-account machine through its view-model
 * (machines/close-account.view.ts). The dialog asks for the current password (issue 21); a refusal keeps the
 * server's reason on screen; once closed, the session ends (logout) and the app leaves.
 */
export function CloseAccountSection() {
  const { t } = useTranslation('settings');
  const api = useApi();
  const notify = useNotify();
  const session = SessionContext.useActorRef();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const logic = useMemo(
    () =>
      closeAccountMachine.provide({
        actors: { closeAccount: settingsCalls(api).closeAccount },
        actions: {
          notifyClosed: () => notify.success(i18n.t('settings:close.closed')),
          // The server already revoked every session; logging out clears what the browser holds and goes to /.
          endSession: () => session.send({ type: 'LOGOUT' }),
        },
      }),
    [api, notify, session],
  );
  const [state, send] = useMachine(logic, { input: { userId }, inspect: appInspect });
  const view = closeAccountView(state);
  return (
    <section className={card} aria-labelledby="close-account-title">
      <h2 id="close-account-title" className={sectionTitle}>
        {t('close.title')}
      </h2>
      <div className={body}>
        <p className={mutedText}>{t('close.body')}</p>
        <FormAlert message={view.message} />
        <button type="button" className={button({ variant: 'danger' })} disabled={!view.close.enabled} onClick={() => send({ type: 'CLOSE' })}>
          {t(view.close.labelKey)}
        </button>
      </div>
      <PasswordDialog
        open={view.dialog.open}
        busy={view.dialog.busy}
        error={view.dialog.error}
        onCancel={() => send({ type: 'CANCEL' })}
        onSubmit={(password) => send({ type: 'PASSWORD_SUBMIT', password })}
        title={t('close.dialogTitle')}
        description={t('close.dialogBody')}
        confirmLabel={t('close.confirm')}
        destructive
      />
    </section>
  );
}
