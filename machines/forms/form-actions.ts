import { assign, type EventObject } from 'xstate';
import { formMessage, hasErrors, serverFieldErrors, withoutError, type FieldErrors, type FormMessage } from './field-errors';
import { errorOf } from './api-failure';

/**
 * The setup() pieces of a form machine that are the same in every form: type into a field, check the rules on
 * SUBMIT, show the server's refusal under the fields or above the button. Each machine spreads them into its own
 * setup() and keeps its states, so the machine still reads like its diagram; only what differs stays in the file.
 */
export interface FormContext<F extends string> {
  values: object;
  errors: FieldErrors<F>;
  message: FormMessage | null;
}

/**
 * `setValue`, `showRuleErrors`, `clearMessages`, `showServerErrors` for a context with `values`, `errors` and
 * `message`. `problems` is the form's rule check (machines/forms/rule-errors.ts), `fields` the names the server's
 * `errors[]` may use.
 */
export function formActions<TContext extends FormContext<F>, TEvent extends EventObject, F extends string>(
  fields: readonly F[],
  problems: (context: TContext) => FieldErrors<F>,
) {
  // One assigner type for all four: the context and events are the machine's, the actions use no actors.
  const update = (assigner: (args: { context: TContext; event: TEvent }) => Partial<FormContext<F>>) =>
    assign<TContext, TEvent, undefined, TEvent, never>((args) => assigner(args) as Partial<TContext>);
  return {
    // Sets one value and forgets the messages about the old one.
    setValue: update(({ context, event }) => {
      const change = event as EventObject & { field?: F; value?: unknown };
      if (change.type !== 'CHANGE' || change.field === undefined) return {};
      const values = { ...context.values, [change.field]: change.value };
      return { values, errors: withoutError(context.errors, change.field), message: null };
    }),
    showRuleErrors: update(({ context }) => ({ errors: problems(context), message: null })),
    clearMessages: update(() => ({ errors: {}, message: null })),
    showServerErrors: update(({ event }) => {
      const errors = serverFieldErrors(errorOf(event), fields);
      return { errors, message: formMessage(errorOf(event), errors) };
    }),
  };
}

/** The `formIsValid` guard: no rule problem in the form's values. */
export function formIsValid<TContext>(problems: (context: TContext) => FieldErrors<string>) {
  return ({ context }: { context: TContext }) => !hasErrors(problems(context));
}

/** `toggleVisibility` for forms with password fields: TOGGLE_VISIBILITY shows or hides the one it names. */
export function toggleVisibility<TContext extends { visible: Record<string, boolean> }, TEvent extends EventObject>() {
  return assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => {
    const toggle = event as EventObject & { field?: string };
    if (toggle.type !== 'TOGGLE_VISIBILITY' || toggle.field === undefined) return {};
    return { visible: { ...context.visible, [toggle.field]: !context.visible[toggle.field] } } as Partial<TContext>;
  });
}
