import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { NotificationKind, ToastActorRef, ToastHold } from '../../../machines/notifications.machine';
import { css, cx } from '../../../styled-system/css';
import { visuallyHidden } from '../../../styled-system/patterns';
import { CloseIcon, ErrorIcon, SuccessIcon, WarningIcon } from '../icons';

const toast = css({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  w: 'full',
  p: '4',
  pr: '2',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderLeftWidth: '4px',
  bg: 'bg.surface',
  boxShadow: 'raised',
  animation: 'toastIn 180ms ease-out',
});

// Each kind pairs a tinted icon with dark text: every pair is ≥ 4.5:1 on white.
const kinds: Record<NotificationKind, string> = {
  error: css({ borderColor: 'red.200', borderLeftColor: 'red.600', '& [data-part=icon]': { color: 'red.700' } }),
  success: css({
    borderColor: 'green.200',
    borderLeftColor: 'green.600',
    '& [data-part=icon]': { color: 'green.700' },
  }),
  warning: css({
    borderColor: 'amber.200',
    borderLeftColor: 'amber.500',
    '& [data-part=icon]': { color: 'amber.700' },
  }),
};

const icons = { error: ErrorIcon, success: SuccessIcon, warning: WarningIcon } as const;

const message = css({ flex: '1', pt: '0.5', fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' });

const close = css({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'full',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'gray.100', color: 'fg.default' },
});

/**
 * One notification. Errors and warnings are alerts (announced at once); successes are polite status
 * messages. Hovering or focusing it pauses its 5-second timer.
 */
export function ToastItem({ toastRef }: { toastRef: ToastActorRef }) {
  const { t } = useTranslation();
  const { kind, message: text } = useSelector(toastRef, (snapshot) => snapshot.context);
  const Icon = icons[kind];
  // Pointer and focus hold it separately: one leaving while the other stays must not restart the timer.
  const pause = (by: ToastHold) => () => toastRef.send({ type: 'PAUSE', by });
  const resume = (by: ToastHold) => () => toastRef.send({ type: 'RESUME', by });
  return (
    <div
      className={cx(toast, kinds[kind])}
      role={kind === 'success' ? 'status' : 'alert'}
      onPointerEnter={pause('pointer')}
      onPointerLeave={resume('pointer')}
      onFocus={pause('focus')}
      onBlur={resume('focus')}
    >
      <Icon data-part="icon" size={22} />
      <p className={message}>
        <span className={visuallyHidden()}>{t(`notifications.kind.${kind}`)}: </span>
        {text}
      </p>
      <button
        type="button"
        className={close}
        aria-label={t('notifications.close')}
        onClick={() => toastRef.send({ type: 'CLOSE' })}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
