import type { ReactNode } from 'react';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { FormAlert } from './form-alert';
import { formStack } from './form-styles';

/**
 * A form whose flow lives in a machine: the browser's own validation and submission are off (the machine checks the
 * fields and makes the call), a submit becomes one event, and the failure no field explains stands at the top
 * (a wizard whose steps show their own failures passes none).
 */
export function MachineForm(props: { id: string; message?: FormMessage | null; onSubmit: () => void; children: ReactNode }) {
  const { id, message = null, onSubmit, children } = props;
  return (
    <form
      id={id}
      className={formStack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormAlert message={message} />
      {children}
    </form>
  );
}
