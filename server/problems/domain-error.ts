import type { ProblemCode } from '../../domain/problem-code';
import type { MessageVariant } from './catalogue';

/**
 * A value interpolated into a refusal's message. Said in the reader's language when the problem is rendered: a `Date`
 * is written for the reader (UTC), a `{ word }` is a locale key translated (a media kind: "una foto"), never an
 * English string worked out here.
 */
export type ProblemValue = string | number | boolean | Date | { word: string };

/** A refusal about one field: `message` is a locale key (default: the refusal's own message), `code` the field's. */
export interface FieldRefusal {
  field: string;
  code?: string;
  message?: string;
  values?: Record<string, ProblemValue>;
}

export interface DomainErrorDetails<C extends ProblemCode> {
  /** Interpolated into the message (locales/{en,es,pt}). */
  values?: Record<string, ProblemValue>;
  /** Which of the code's messages (server/problems/catalogue.ts), where one code is said two ways. */
  variant?: MessageVariant<C>;
  /** Per-field refusals (`errors[]` of the problem); the detail then names the first. */
  fields?: readonly FieldRefusal[];
  /** Extra members of the problem object (RFC 9457 extensions), e.g. `declineCode` of a refused card. */
  extensions?: Record<string, string | number | boolean>;
}

/**
 * A refusal the caller can act on, in domain terms: a code of the contract and what its message needs. Services throw
 * it; the HTTP layer turns it into a status and a localised problem+json (server/problems/catalogue.ts, render.ts).
 */
export class DomainError<C extends ProblemCode = ProblemCode> extends Error {
  readonly values: Record<string, ProblemValue>;
  readonly variant: MessageVariant<C> | undefined;
  readonly fields: readonly FieldRefusal[];
  readonly extensions: Record<string, string | number | boolean>;

  constructor(
    readonly code: C,
    details: DomainErrorDetails<C> = {},
  ) {
    super(code);
    this.name = 'DomainError';
    this.values = details.values ?? {};
    this.variant = details.variant;
    this.fields = details.fields ?? [];
    this.extensions = details.extensions ?? {};
  }
}

/** A refusal about one field (e.g. 409 "Email already registered"): `detail` and the field error agree. */
export function fieldRefusal<C extends ProblemCode>(code: C, field: string, variant?: MessageVariant<C>): DomainError<C> {
  return new DomainError(code, { variant, fields: [{ field }] });
}
