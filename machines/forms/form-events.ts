/** The events every form machine shares: a field changed, the form was submitted, a password shown or hidden. */
export type ChangeEvent<V> = { [K in keyof V]: { type: 'CHANGE'; field: K; value: V[K] } }[keyof V];

export type SubmitEvent = { type: 'SUBMIT' };

export type ToggleVisibilityEvent<P extends string> = { type: 'TOGGLE_VISIBILITY'; field: P };

/** Sets one value and forgets the messages about the old value. */
export function applyChange<V extends object, F extends keyof V & string>(
  values: V,
  event: { field: F; value: V[F] },
): V {
  return { ...values, [event.field]: event.value };
}
