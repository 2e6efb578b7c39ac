import type { QueryOf, SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { moneyMoving } from '../http/idempotency';
import { parseAmount } from '../../domain/money/amount';
import { deferAuthorisation } from '../wallet/card-outcomes';
import { depositDetails, findDeposit, listDeposits, startCardDeposit, usdtAddressOf, type TransferListQuery } from '../wallet/deposits';
import { requireVerifiedEmail } from '../wallet/verified';
import { moneyDepsOf } from './money-deps';
import { keyRefOf } from './keys';
import { DomainError } from '../problems/domain-error';

const MAX_PAGES_PER_CALL = 10;

export function amountOf(text: string): number {
  const cents = parseAmount(text);
  if (cents === null) throw new DomainError('amount_invalid');
  return cents;
}

/** startPage..endPage as the payment list reads them (at most 10 pages at once). */
export function pagesOf(query: QueryOf<'listDeposits' | 'listWithdrawals'>): TransferListQuery {
  const startPage = query.startPage ?? 1;
  const endPage = query.endPage ?? startPage;
  if (endPage < startPage || endPage - startPage + 1 > MAX_PAGES_PER_CALL) {
    throw new DomainError('page_range_invalid', { values: { max: MAX_PAGES_PER_CALL } });
  }
  return { startPage, endPage, status: query.status ?? 'all' };
}

/** Deposits: by card, by USDT; lists and details (docs/money.md "Deposits"). */
export function depositHandlers(services: Services) {
  const { db } = services.database;
  const network = services.providers.usdt;
  return {
    createCardDeposit: moneyMoving(async (tx, request) => {
      const { body } = request;
      const userId = authOf(request).userId;
      const amountCents = amountOf(body.amount);
      await requireVerifiedEmail(tx, userId);
      const { chargeId } = await startCardDeposit(tx, {
        userId,
        cardId: body.paymentMethodId,
        amountCents,
        key: keyRefOf(request),
        now: services.clock.now(),
      });
      return deferAuthorisation(moneyDepsOf(services), chargeId);
    }),

    getUsdtDepositAddress: async (request) => {
      const userId = authOf(request).userId;
      await requireVerifiedEmail(db, userId);
      const address = await usdtAddressOf(db, network, userId, services.clock.now());
      return { address, asset: 'USDT', network: network.network, requiredConfirmations: network.requiredConfirmations };
    },

    listDeposits: async (request) => listDeposits(db, authOf(request).userId, pagesOf(request.query), network.requiredConfirmations),

    getDeposit: async (request) => {
      const { deposit } = request.params;
      const row = await findDeposit(db, authOf(request).userId, deposit);
      return depositDetails(db, row, network.requiredConfirmations);
    },
  } satisfies SomeHandlers;
}
