import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { NotificationsContext } from './notifications-context';
import { ToastItem } from './toast-item';

/**
 * At the bottom (issue 22 item 10): a toast never covers the header, its title or its buttons. On a phone it sits
 * above the bottom tab bar (4rem and the safe area), which stays usable too.
 */
const region = css({
  position: 'fixed',
  zIndex: 70,
  bottom: { base: 'calc(4rem + 0.75rem + env(safe-area-inset-bottom))', md: '5' },
  right: { base: '3', md: '5' },
  left: { base: '3', md: 'auto' },
  w: { md: '96' },
  pointerEvents: 'none',
});

const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', m: '0', p: '0' });

/** Where notifications appear; always in the page (empty when idle) so a new one is announced reliably. */
export function NotificationRegion() {
  const { t } = useTranslation();
  const toasts = NotificationsContext.useSelector((snapshot) => snapshot.context.toasts);
  return (
    <section className={region} aria-label={t('notifications.regionLabel')}>
      <div className={list}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toastRef={toast} />
        ))}
      </div>
    </section>
  );
}
