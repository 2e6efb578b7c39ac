import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useRef, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../styled-system/css';
import { button } from './button-styles';
import { dialogBackdrop, dialogPositioner, dialogActions } from './dialog-styles';

const content = css({
  w: 'full',
  maxW: 'sm',
  bg: 'bg.surface',
  borderRadius: '2xl',
  boxShadow: 'raised',
  p: '6',
  outline: 'none',
  _open: { animation: 'dialogIn 180ms ease-out' },
});

const title = css({ fontSize: 'xl', fontWeight: 'bold', color: 'fg.default' });
const body = css({ mt: '2', color: 'fg.muted' });

interface ConfirmDialogBase {
  title: ReactNode;
  body: ReactNode;
  /** Runs on Yes. A triggered dialog then closes itself; a controlled one closes when `open` turns false. */
  onConfirm: () => void;
  /** Button texts; default to the translated No / Yes of spec 4. */
  noLabel?: string;
  yesLabel?: string;
  destructive?: boolean;
}

/** Opened by its own trigger (a purely visual state, kept by Ark)… */
interface TriggeredConfirmDialog extends ConfirmDialogBase {
  trigger: ReactElement;
  /** Mounted by its trigger's first press (a control that loads the dialog only then): open from the start. */
  defaultOpen?: boolean;
  open?: never;
  onCancel?: never;
}

/** …or driven by a machine state (e.g. `confirmingCancel`): `open` from state, No sends the cancel event. */
interface ControlledConfirmDialog extends ConfirmDialogBase {
  trigger?: never;
  open: boolean;
  onCancel: () => void;
}

export type ConfirmDialogProps = TriggeredConfirmDialog | ControlledConfirmDialog;

/**
 * The confirmation primitive (spec 2 "Dialogs", spec 4: No / Yes). An alertdialog, so screen readers
 * announce it as a question; focus starts on No, the safe answer, and returns to the trigger on close.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const noRef = useRef<HTMLButtonElement>(null);
  const controlled = props.trigger === undefined;
  const yesClass = button({ variant: props.destructive ? 'danger' : 'solid', fullWidth: true });
  const yesLabel = props.yesLabel ?? t('confirmDialog.yes');
  return (
    <Dialog.Root
      role="alertdialog"
      lazyMount
      unmountOnExit
      initialFocusEl={() => noRef.current}
      {...(controlled
        ? { open: props.open, onOpenChange: ({ open }: { open: boolean }) => !open && props.onCancel() }
        : { defaultOpen: props.defaultOpen })}
    >
      {props.trigger ? <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger> : null}
      <Portal>
        <Dialog.Backdrop className={dialogBackdrop()} />
        <Dialog.Positioner className={dialogPositioner()}>
          <Dialog.Content className={content}>
            <Dialog.Title className={title}>{props.title}</Dialog.Title>
            <Dialog.Description className={body}>{props.body}</Dialog.Description>
            <div className={dialogActions}>
              <Dialog.CloseTrigger ref={noRef} className={button({ variant: 'outline', fullWidth: true })}>
                {props.noLabel ?? t('confirmDialog.no')}
              </Dialog.CloseTrigger>
              {controlled ? (
                // Driven by a machine: Yes only sends its event and the new state closes the dialog. A close
                // trigger would also report the close, and the machine would get a cancel after the confirm.
                <button type="button" className={yesClass} onClick={props.onConfirm}>
                  {yesLabel}
                </button>
              ) : (
                <Dialog.CloseTrigger className={yesClass} onClick={props.onConfirm}>
                  {yesLabel}
                </Dialog.CloseTrigger>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
