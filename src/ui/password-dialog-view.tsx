import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormMessage } from '../../machines/forms/field-errors';
import { css } from '../../styled-system/css';
import { button } from './button-styles';
import { dialogBackdrop, dialogPositioner, dialogActions } from './dialog-styles';
import { FieldFrame, useFieldMessage } from './form/field-frame';
import { fieldInput } from './form/form-styles';

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
const body = css({ mt: '2', mb: '4', color: 'fg.muted' });

export interface PasswordDialogProps {
  /** From the machine: `confirmingPassword`, and the save it started while under way. */
  open: boolean;
  /** The save is under way: the buttons wait. */
  busy?: boolean;
  /** Under the field: the rule (nothing typed) or the server's `wrong_password` detail. */
  error: FormMessage | null;
  /** Sends PASSWORD_SUBMIT with what was typed; the field is emptied at once (the password is not kept). */
  onSubmit: (password: string) => void;
  /** Sends CANCEL: the dialog closes and the form behind it stays as typed. */
  onCancel: () => void;
  /** Default "Confirm it's you". */
  title?: ReactNode;
  /** Why the password is asked; default the general sentence. */
  description?: ReactNode;
  confirmLabel?: string;
  /** Extra content above the field (the close-account warning). */
  children?: ReactNode;
  destructive?: boolean;
}

/**
 * The step-up dialog (issue 21): asks for the current password at the moment of saving something that can take
 * the account or redirect money. Driven by a machine state; the password never enters it — the field is
 * uncontrolled, read once on Confirm, sent in the event and cleared, so a wrong one is typed again. Focus starts in
 * the field and returns to what opened the dialog; the dialog is named by its title and described by its text.
 */
export function PasswordDialogView(props: PasswordDialogProps) {
  const { t } = useTranslation();
  const id = `password-dialog-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const { errorText, control } = useFieldMessage(id, props.error ?? undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (props.busy) return;
    const field = inputRef.current;
    const password = field?.value ?? '';
    if (field) field.value = '';
    props.onSubmit(password);
    field?.focus();
  };

  return (
    <Dialog.Root
      lazyMount
      unmountOnExit
      open={props.open}
      onOpenChange={({ open }) => !open && !props.busy && props.onCancel()}
      initialFocusEl={() => inputRef.current}
    >
      <Portal>
        <Dialog.Backdrop className={dialogBackdrop()} />
        <Dialog.Positioner className={dialogPositioner()}>
          <Dialog.Content className={content}>
            <Dialog.Title className={title}>{props.title ?? t('passwordDialog.title')}</Dialog.Title>
            <Dialog.Description className={body}>{props.description ?? t('passwordDialog.body')}</Dialog.Description>
            {props.children}
            <form onSubmit={submit} noValidate>
              <FieldFrame id={id} label={t('passwordDialog.label')} errorText={errorText}>
                <input
                  ref={inputRef}
                  id={id}
                  name="current_password"
                  type="password"
                  autoComplete="current-password"
                  className={fieldInput}
                  {...control}
                />
              </FieldFrame>
              <div className={dialogActions}>
                <button type="button" className={button({ variant: 'outline', fullWidth: true })} onClick={props.onCancel} disabled={props.busy}>
                  {t('passwordDialog.cancel')}
                </button>
                <button type="submit" className={button({ variant: props.destructive ? 'danger' : 'solid', fullWidth: true })} disabled={props.busy}>
                  {props.busy ? t('passwordDialog.checking') : (props.confirmLabel ?? t('passwordDialog.confirm'))}
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
