import { ruleProblems, type Check } from '../../domain/rules/checks';
import { RULE_VALUES } from '../../domain/rules/rule-values';
import { HttpProblem, type FieldError } from './problem';

/**
 * Runs one of the shared forms (domain/rules/, the very checks the web app runs) on an already contract-valid body.
 * A bad value is a 400 `validation_failed` naming each field with the rule's message in the caller's language — the
 * same keys the web app shows under its inputs.
 */
export function checkRules(form: Check, value: unknown, values: Record<string, unknown> = {}): void {
  const problems = ruleProblems(form, value);
  if (!problems) return;
  throw new HttpProblem(400, 'validation_failed', 'errors:validation_failed', {}, (locale, translator) =>
    problems.map(
      (p): FieldError => ({
        field: p.field,
        code: p.message.split('.').pop() ?? 'invalid',
        message: translator.t(locale, p.message, { ...RULE_VALUES, ...values }),
      }),
    ),
  );
}

/** A refusal about one field (e.g. 409 "Email already registered"): `detail` and the field error agree. */
export function fieldProblem(status: number, code: string, field: string, key: string): HttpProblem {
  return new HttpProblem(status, code, key, {}, (locale, translator) => [
    { field, code, message: translator.t(locale, key) },
  ]);
}
