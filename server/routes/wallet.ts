import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { walletOf } from '../ledger/wallet';
import { formatAmount } from '../../domain/money/amount';

export function walletHandlers(services: Services) {
  return {
    getWallet: async (request) => {
      const wallet = await walletOf(services.database.db, authOf(request).userId);
      return {
        balance: formatAmount(wallet.balanceCents),
        available: formatAmount(wallet.availableCents),
        held: formatAmount(wallet.heldCents),
      };
    },
  } satisfies SomeHandlers;
}
