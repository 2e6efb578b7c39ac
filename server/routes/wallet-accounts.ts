import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../http/operations';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { requireStepUp } from '../auth/step-up';
import { accountMail } from '../accounts/account-mail';
import { findUserById } from '../accounts/users';
import { getBankAccount, putBankAccount } from '../wallet/bank-accounts';
import { getPayoutAccount, linkPayoutAccount, unlinkPayoutAccount } from '../wallet/payout-accounts';
import { requireVerifiedEmail } from '../wallet/verified';
import type { BankAccountInput } from '../../domain/rules/bank-rules';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS, release, type Counter } from '../security/rate-limit';
import { normalizeEmail } from '../../domain/rules/account-rules';
import { DomainError } from '../problems/domain-error';
import type { ProblemCode } from '../../domain/problem-code';

const PAYOUT_LINK_FAILURES: ReadonlySet<ProblemCode> = new Set(['payout_account_invalid_credentials', 'payout_account_not_activated']);

/**
 * Where withdrawals go: the bank account, and the linked payout account. Setting either needs the password
 * (step-up), tells the owner by email, and opens withdrawals to it 24 hours later (issue 21).
 */
export function walletAccountHandlers(services: Services): OperationHandlers {
  const { db } = services.database;
  const payouts = services.providers.payouts;
  const { sendNotice } = accountMail(services);

  /** The caller, checked for a verified email and then for their password, before anything else is looked at. */
  async function steppedUp(request: FastifyRequest, reply: FastifyReply, password: string | undefined) {
    const userId = authOf(request).userId;
    await requireVerifiedEmail(db, userId);
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError('user_not_found', { variant: 'account' });
    await requireStepUp(db, request, reply, user, password, services.clock.now());
    return user;
  }

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
      const refusedByProvider = error instanceof DomainError && PAYOUT_LINK_FAILURES.has(error.code);
      if (!refusedByProvider) await release(db, hits);
      throw error;
    }
  }

  return {
    getBankAccount: async (request) => getBankAccount(db, authOf(request).userId),

    putBankAccount: async (request, reply) => {
      const { current_password: password, ...body } = request.body as BankAccountInput & { current_password?: string };
      const user = await steppedUp(request, reply, password);
      const now = services.clock.now();
      const { bankAccount, destinationChanged } = await putBankAccount(db, user.id, body, now);
      if (destinationChanged) {
        await sendNotice(request, user, 'bank_account_notice', now, { destination: `${bankAccount.bankName} ${bankAccount.accountNumberMasked}` }, {
          opensAt: new Date(bankAccount.withdrawalsOpenAt),
        });
      }
      request.log.info({ userId: user.id, nameMismatch: bankAccount.nameMismatch, destinationChanged }, 'bank account saved');
      return { bankAccount };
    },

    getPayoutAccount: async (request) => getPayoutAccount(db, payouts, authOf(request).userId),

    linkPayoutAccount: async (request, reply) => {
      const { current_password: password, ...body } = request.body as { current_password?: string; email: string; password: string; bankAccountNumber: string };
      // The Tipjar password before the provider is asked anything: a stolen session is no way to try credentials.
      const user = await steppedUp(request, reply, password);
      const now = services.clock.now();
      const linked = await withPayoutLinkLimits(request, reply, user.id, body.email, () => linkPayoutAccount(db, payouts, user.id, body, now));
      const account = linked.payoutAccount;
      await sendNotice(request, user, 'payout_account_notice', now, { provider: account.provider, destination: `${account.emailMasked} ••••${account.bankAccountLast4}` }, {
        opensAt: new Date(account.withdrawalsOpenAt),
      });
      request.log.info({ userId: user.id }, 'payout account linked');
      return linked;
    },

    unlinkPayoutAccount: async (request) => unlinkPayoutAccount(db, payouts, authOf(request).userId),
  };
}
