import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { moneyMoving } from '../http/idempotency';
import { cancelWithdrawal, createWithdrawal, findWithdrawal, listWithdrawals, withdrawalDetails, withdrawalView } from '../wallet/withdrawals';
import { requireVerifiedEmail } from '../wallet/verified';
import { amountOf, pagesOf } from './deposits';

/** Withdrawals (docs/money.md "Withdrawals"). */
export function withdrawalHandlers(services: Services) {
  const { db } = services.database;
  return {
    createWithdrawal: moneyMoving(async (tx, request) => {
      const { body } = request;
      const userId = authOf(request).userId;
      const amountCents = amountOf(body.amount);
      await requireVerifiedEmail(tx, userId);
      const withdrawal = await createWithdrawal(
        tx,
        { userId, amountCents, destination: body.destination, now: services.clock.now() },
        services.providers.payouts.accountProvider.name,
      );
      return { status: 201, body: { data: [withdrawalView(withdrawal)] } };
    }),

    cancelWithdrawal: moneyMoving(async (tx, request) => {
      const { withdrawal } = request.params;
      const cancelled = await cancelWithdrawal(tx, authOf(request).userId, withdrawal, services.clock.now());
      return { status: 200, body: { data: [withdrawalView(cancelled)] } };
    }),

    listWithdrawals: async (request) => listWithdrawals(db, authOf(request).userId, pagesOf(request.query)),

    getWithdrawal: async (request) => {
      const { withdrawal } = request.params;
      return withdrawalDetails(db, await findWithdrawal(db, authOf(request).userId, withdrawal));
    },
  } satisfies SomeHandlers;
}
