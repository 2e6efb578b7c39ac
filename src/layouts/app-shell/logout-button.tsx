import { cloneElement, lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '../../app/providers/session-context';
import { whenIdle } from '../../lib/when-idle';

const loadConfirmDialog = () => import('../../ui/confirm-dialog');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

/**
 * A logout control that asks first (spec 2 "Dialogs: logout"); Yes sends LOGOUT to the session.
 *
 * The shell renders it on every signed-in page (in the tab bar, hidden on phones), and the dialog's machinery (Ark's
 * dialog, its zag machine, focus trap, dismiss and scroll lock) cost the first render of every such page its time
 * at 4× CPU and ~18 KB of the shell's chunk. So the trigger renders alone until it is first pressed; the dialog's
 * chunk is fetched when the page is idle, and the first press mounts the dialog open (Ark then keeps its state and
 * returns focus to the trigger it renders in the same place).
 */
export function LogoutButton({ trigger }: { trigger: ReactElement<{ onClick?: () => void }> }) {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  // Whether the dialog has been wanted yet: a detail of how the control loads, not a step of any flow.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    void whenIdle().then(loadConfirmDialog).catch(() => {
      // Fetched again on the first press; a failure then shows the page's reload prompt.
    });
  }, []);
  if (!wanted) return cloneElement(trigger, { onClick: () => setWanted(true) });
  return (
    <Suspense fallback={trigger}>
      <ConfirmDialog
        trigger={trigger}
        defaultOpen
        title={t('logoutDialog.title')}
        body={t('logoutDialog.body')}
        onConfirm={() => session.send({ type: 'LOGOUT' })}
      />
    </Suspense>
  );
}
