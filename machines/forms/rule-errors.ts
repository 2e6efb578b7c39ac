import { ruleProblems, type Check } from '../../domain/rules/checks';
import type { FieldErrors } from './field-errors';

// Apart from field-errors.ts: only forms that check the shared rules need the rules' runner; the payment forms use
// the rest of field-errors.ts without it (docs/performance.md).

/**
 * The rule problems of a form's values, keyed by field and in the order of `fields` (so "the first error" is the
 * first field on screen). Only the fields the form shows are kept.
 */
export function ruleErrors<F extends string>(
  form: Check,
  values: object,
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const problem of ruleProblems(form, values) ?? []) {
    const field = problem.field as F;
    if (fields.includes(field) && !errors[field]) errors[field] = { key: problem.message };
  }
  return errors;
}
