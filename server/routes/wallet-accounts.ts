import type { OperationHandlers } from '../http/operations';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { getBankAccount, putBankAccount } from '../wallet/bank-accounts';
import { getPayoutAccount, linkPayoutAccount, unlinkPayoutAccount } from '../wallet/payout-accounts';
import { requireVerifiedEmail } from '../wallet/verified';
import type { BankAccountInput } from '../../domain/rules/bank-rules';

/** Where withdrawals go: the bank account, and the linked payout account. */
export function walletAccountHandlers(services: Services): OperationHandlers {
  const { db } = services.database;
  const payouts = services.providers.payouts;
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

    linkPayoutAccount: async (request) => {
      const userId = authOf(request).userId;
      await requireVerifiedEmail(db, userId);
      const body = request.body as { email: string; password: string; bankAccountNumber: string };
      const linked = await linkPayoutAccount(db, payouts, userId, body, services.clock.now());
      request.log.info({ userId }, 'payout account linked');
      return linked;
    },

    unlinkPayoutAccount: async (request) => unlinkPayoutAccount(db, payouts, authOf(request).userId),
  };
}
