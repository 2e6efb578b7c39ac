import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { inlineButton } from './form-styles';
import { TextField, type TextFieldProps } from './text-field';

const roomForToggle = css({ pr: '20' });

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'endSlot'> {
  visible: boolean;
  onToggleVisibility: () => void;
  autoComplete: 'current-password' | 'new-password';
}

/**
 * A password input with the spec's show/hide toggle (spec 5). The toggle is a real button named after the
 * field ("Show password"), pressed while the text is shown; whether it is shown is machine state.
 */
export function PasswordField({ visible, onToggleVisibility, label, ...field }: PasswordFieldProps) {
  const { t } = useTranslation('accounts');
  const name = label.toLocaleLowerCase();
  return (
    <TextField
      {...field}
      label={label}
      type={visible ? 'text' : 'password'}
      className={roomForToggle}
      spellCheck={false}
      autoCapitalize="none"
      endSlot={
        <button
          type="button"
          className={inlineButton}
          aria-controls={field.id}
          aria-pressed={visible}
          aria-label={visible ? t('fields.hidePassword', { field: name }) : t('fields.showPassword', { field: name })}
          onClick={onToggleVisibility}
        >
          {visible ? t('fields.hide') : t('fields.show')}
        </button>
      }
    />
  );
}
