import type { OperationHandlers } from '../http/operations';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { getBankAccount, putBankAccount } from '../wallet/bank-accounts';
import { getPayoutAccount, linkPayoutAccount, unlinkPayoutAccount } from '../wallet/payout-accounts';
import { requireVerifiedEmail } from '../wallet/verified';
import type { BankAccountInput } from '../../domain/rules/bank-rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '../http/problem';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS, release, type Counter } from '../security/rate-limit';
import { normalizeEmail } from '../../domain/rules/account-rules';

const PAYOUT_LINK_FAILURES = new Set(['payout_account_invalid_credentials', 'payout_account_not_activated']);

/** Where withdrawals go: the bank account, and the linked payout account. */
export function walletAccountHandlers(services: Services): OperationHandlers {
  const { db } = services.database;
  const payouts = services.providers.payouts;
  /**
   * Credential stuffing through us: a link the payout provider refuses (wrong credentials, or an account not
   * activated) is counted per user and per payout email; once over, refused before the provider is asked. Any other
   * outcome gives its attempt back.
   */
  async function withPayoutLinkLimits<T>(request: FastifyRequest, reply: FastifyReply, userId: string, email: string, link: () => Promise<T>): Promise<T> {
    const counters: Counter[] = [
      { limit: LIMITS.payoutLinkPerUser, subject: userId },
      { limit: LIMITS.payoutLinkPerEmail, subject: normalizeEmail(email) },
    ];
    const hits = await enforceLimit(db, request, reply, counters, services.clock.now());
    try {
      const linked = await link();
      await release(db, hits);
      return linked;
    } catch (error) {
      const refusedByProvider = error instanceof HttpProblem && PAYOUT_LINK_FAILURES.has(error.code);
      if (!refusedByProvider) await release(db, hits);
      throw error;
    }
  }

  return {
    getBankAccount: async (request) => getBankAccount(db, authOf(request).userId),

    putBankAccount: async (request) => {
      const userId = authOf(request).userId;
      await requireVerifiedEmail(db, userId);
      const saved = await putBankAccount(db, userId, request.body as BankAccountInput, services.clock.now());
      request.log.info({ userId, nameMismatch: saved.bankAccount.nameMismatch }, 'bank account saved');
      return saved;
    },

    getPayoutAccount: async (request) => getPayoutAccount(db, payouts, authOf(request).userId),

    linkPayoutAccount: async (request, reply) => {
      const userId = authOf(request).userId;
      await requireVerifiedEmail(db, userId);
      const body = request.body as { email: string; password: string; bankAccountNumber: string };
      const linked = await withPayoutLinkLimits(request, reply, userId, body.email, () =>
        linkPayoutAccount(db, payouts, userId, body, services.clock.now()),
      );
      request.log.info({ userId }, 'payout account linked');
      return linked;
    },

    unlinkPayoutAccount: async (request) => unlinkPayoutAccount(db, payouts, authOf(request).userId),
  };
}
