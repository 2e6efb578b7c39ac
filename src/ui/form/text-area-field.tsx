import type { ReactNode, TextareaHTMLAttributes } from 'react';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { css } from '../../../styled-system/css';
import { FieldFrame, useFieldMessage } from './field-frame';
import { fieldInput } from './form-styles';

const area = css({ h: 'auto', minH: '24', py: '3', resize: 'vertical', lineHeight: '1.5' });

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: FormMessage | undefined;
  hint?: ReactNode;
}

/** The multi-line sibling of TextField: the same label, error and hint wiring. */
export function TextAreaField({ id, label, value, onValueChange, error, hint, ...rest }: TextAreaFieldProps) {
  const { errorText, control } = useFieldMessage(id, error, hint);
  return (
    <FieldFrame id={id} label={label} errorText={errorText} hint={hint}>
      <textarea
        id={id}
        className={`${fieldInput} ${area}`}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        {...control}
        {...rest}
      />
    </FieldFrame>
  );
}
