import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { FieldFrame, useFieldMessage } from './field-frame';
import { fieldInput, inputWithButton } from './form-styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: FormMessage | undefined;
  hint?: ReactNode;
  /** Drawn inside the input's box at the end (the password toggle). */
  endSlot?: ReactNode;
  className?: string;
}

// Where other fields found them first: the ids now live with the frame they describe.
export { errorId, hintId } from './field-frame';

/**
 * A labelled input whose value lives in a machine (the view only forwards changes). The error is tied to the
 * input with aria-describedby and aria-invalid, and read before the hint.
 */
export function TextField({ id, label, value, onValueChange, error, hint, endSlot, className, ...input }: TextFieldProps) {
  const { errorText, control } = useFieldMessage(id, error, hint);
  return (
    <FieldFrame id={id} label={label} errorText={errorText} hint={hint}>
      <div className={inputWithButton}>
        <input
          id={id}
          className={`${fieldInput}${className ? ` ${className}` : ''}`}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          {...control}
          {...input}
        />
        {endSlot}
      </div>
    </FieldFrame>
  );
}
