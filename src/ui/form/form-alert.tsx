import type { FormMessage } from '../../../machines/forms/field-errors';
import { formAlert, formNotice } from './form-styles';
import { useFormText } from './use-form-text';

/**
 * A failure no single field explains (wrong credentials, the rate limit, offline). role=alert announces it;
 * it can take focus so the first-error focus lands here when no field is in error.
 */
export function FormAlert({ message }: { message: FormMessage | null }) {
  const text = useFormText()(message);
  if (!text) return null;
  return (
    <div role="alert" tabIndex={-1} data-form-alert="" className={formAlert}>
      {text}
    </div>
  );
}

/** A good outcome shown in place (a code was resent), announced politely. */
export function FormNotice({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <div role="status" className={formNotice}>
      {children}
    </div>
  );
}
