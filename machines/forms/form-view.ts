import type { EventObject } from 'xstate';
import type { FormMessage } from './field-errors';

/**
 * The tag a form machine puts on the states in which its call is under way, and on the success state the host
 * leaves the page from: there its button shows the working words ("Saving…"). A tag rather than a state name, so one
 * helper serves every form and renaming a state cannot silently change a label (issue 24 item 6). A machine declares
 * it with `types: { tags: {} as FormTag }`, so a misspelt tag does not compile.
 */
export type FormTag = 'busy';

/** A button as a view-model gives it: whether the machine would take its event now, and its words (a translation key). */
export interface ButtonView<K extends string> {
  enabled: boolean;
  labelKey: K;
}

/** A one-form screen (a form with one submit button, busy while its request runs) as its machine shows it. */
export interface FormView<K extends string> {
  /** The fields take typing now (the machine takes CHANGE); read-only while the call runs. */
  editable: boolean;
  submit: ButtonView<K>;
  /** The failure no field explains, shown above the fields. */
  message: FormMessage | null;
}

/** What the helpers read of a form machine's snapshot (a `Pick` of its `SnapshotFrom`). */
interface FormSnapshot<E extends EventObject> {
  can(event: E): boolean;
  hasTag(tag: FormTag): boolean;
}

/** A button that sends `event`: enabled when the machine takes it now; `busy` words while the machine is busy. */
export function buttonView<E extends EventObject, K extends string>(snapshot: FormSnapshot<E>, event: NoInfer<E>, idle: K, busy: K = idle): ButtonView<K> {
  return { enabled: snapshot.can(event), labelKey: snapshot.hasTag('busy') ? busy : idle };
}

export interface FormParts<E extends EventObject, K extends string> {
  /** A sample of the machine's CHANGE event: `can` asks whether the state takes typing, whatever the value. */
  change: E;
  /** The form's submit event. */
  submit: E;
  idle: K;
  busy: K;
}

/** The view-model of a one-form screen: its fields, its submit button and the message above them. */
export function formView<E extends EventObject, K extends string>(
  snapshot: FormSnapshot<E> & { context: { message: FormMessage | null } },
  parts: FormParts<NoInfer<E>, K>,
): FormView<K> {
  return {
    editable: snapshot.can(parts.change),
    submit: buttonView(snapshot, parts.submit, parts.idle, parts.busy),
    message: snapshot.context.message,
  };
}
