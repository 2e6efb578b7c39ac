import type { FormMessage } from '../../../machines/forms/field-errors';

interface FormContext<V> {
  values: V;
  errors: Partial<Record<keyof V & string, FormMessage>>;
  visible?: Partial<Record<string, boolean>>;
}


/**
 * Binds a form machine's context to the field components: the value, its error and the CHANGE event, plus the
 * visibility toggle for password fields. Every account form wires its fields the same way; this is that way.
 * `editable` is the view-model's (the machine takes typing now); read-only otherwise, so nothing typed is dropped unseen.
 */
export function fieldBinding<V extends object, E extends { type: string }>(context: FormContext<V>, send: (event: E) => void, editable = true) {
  // The machine's event union names each field's CHANGE separately; these events are members of it by construction
  // (the field is a key of the machine's own values), which TypeScript cannot follow through the generic key.
  const sendField = (event: { type: 'CHANGE' | 'TOGGLE_VISIBILITY'; field: string; value?: string }) => send(event as unknown as E);
  function text<F extends keyof V & string>(field: F) {
    return {
      value: context.values[field] as string,
      error: context.errors[field],
      readOnly: !editable,
      onValueChange: (value: string) => sendField({ type: 'CHANGE', field, value }),
    };
  }
  function password<F extends keyof V & string>(field: F, visible = context.visible?.[field] ?? false) {
    return { ...text(field), visible, onToggleVisibility: () => sendField({ type: 'TOGGLE_VISIBILITY', field }) };
  }
  return { text, password };
}
