import { ruleProblems, type Check } from '../../domain/rules/checks';
import { RULE_VALUES } from '../../domain/rules/rule-values';
import { DomainError, type ProblemValue } from './domain-error';

/**
 * Runs one of the shared forms (domain/rules/, the very checks the web app runs) on an already contract-valid body.
 * A bad value is a `validation_failed` refusal naming each field with the rule's message — the same keys the web app
 * shows under its inputs, said in the caller's language when rendered.
 */
export function checkRules(form: Check, value: unknown, values: Record<string, ProblemValue> = {}): void {
  const problems = ruleProblems(form, value);
  if (!problems) return;
  throw new DomainError('validation_failed', {
    fields: problems.map((p) => ({
      field: p.field,
      code: p.message.split('.').pop() ?? 'invalid',
      message: p.message,
      values: { ...RULE_VALUES, ...values },
    })),
  });
}
