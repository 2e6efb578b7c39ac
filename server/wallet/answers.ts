import { DEFAULT_LOCALE, isLocale } from '../../domain/product';
import { renderProblem } from '../problems/render';
import { storeDeferredAnswer, type KeyRef, type StoredAnswer } from '../idempotency/store';
import type { Tx } from '../ledger/types';
import type { Translator } from '../i18n/translator';
import { DomainError } from '../problems/domain-error';

/** The answer of an operation whose outcome came from a provider: a JSON body, or a refusal (a declined card). */
export type Answer = { status: number; body: unknown } | { problem: DomainError };

export const cardDeclinedProblem = (declineCode: string) => new DomainError('card_declined', { extensions: { declineCode } });

/** The provider did not answer: nothing is stored, the key stays unanswered until a job learns the outcome. */
export const providerUnavailableProblem = () => new DomainError('provider_unavailable');

/**
 * Renders an answer (problems in the caller's language, at the request's path, as the request would have) and stores
 * it in the Idempotency-Key row, in the caller's transaction. Without a key (none was given, or it was purged) the
 * rendered answer is returned unstored.
 */
export async function settleAnswer(
  tx: Tx,
  translator: Translator,
  key: KeyRef | null,
  answer: Answer,
  validate?: (status: number, body: unknown) => void,
): Promise<StoredAnswer> {
  const render = (where: { locale: string | null; requestPath: string | null }): StoredAnswer => {
    if ('problem' in answer) {
      const locale = isLocale(where.locale) ? where.locale : DEFAULT_LOCALE;
      const body = renderProblem(answer.problem, locale, where.requestPath ?? undefined, translator);
      validate?.(body.status, body);
      return { status: body.status, bodyText: JSON.stringify(body) };
    }
    validate?.(answer.status, answer.body);
    return { status: answer.status, bodyText: JSON.stringify(answer.body) };
  };
  if (key) {
    const stored = await storeDeferredAnswer(tx, key, render);
    if (stored) return stored;
  }
  return render({ locale: null, requestPath: null });
}

