import type { ReactNode } from 'react';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { fieldBox, fieldError, fieldHint, fieldLabel } from './form-styles';
import { useFormText } from './use-form-text';

/** Ids of a field's hint and error, so aria-describedby ties them to the control. */
export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/**
 * A field's message in the user's language and the attributes that tie it (and the hint) to the control: the
 * error is read before the hint, and marks the control invalid.
 */
export function useFieldMessage(id: string, error: FormMessage | undefined, hint?: ReactNode) {
  const errorText = useFormText()(error);
  const describedBy = [errorText ? errorId(id) : null, hint ? hintId(id) : null].filter(Boolean).join(' ') || undefined;
  return { errorText, control: { 'aria-invalid': errorText ? true : undefined, 'aria-describedby': describedBy } };
}

/** The label above, and the error and hint below, any single control (input, textarea, select). */
export function FieldFrame(props: { id: string; label: string; errorText: string | null; hint?: ReactNode; children: ReactNode }) {
  const { id, label, errorText, hint, children } = props;
  return (
    <div className={fieldBox}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      {children}
      {errorText ? (
        <p id={errorId(id)} className={fieldError}>
          {errorText}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId(id)} className={fieldHint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
