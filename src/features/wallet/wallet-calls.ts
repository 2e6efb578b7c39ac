import { fromPromise } from 'xstate';
import type { CardDepositRequest, Deposit, UsdtAddress } from '../../../machines/add-money.machine';
import type { AddCardBody } from '../../../machines/add-card.machine';
import type { PaymentCard } from '../../../machines/payments/funding';
import type { WalletOverview } from '../../../machines/wallet-overview.machine';
import type { ApiClient } from '../../api/client';
import { quiet } from '../../api/quiet';
import { unwrap } from '../../api/unwrap';
import { listedCards } from '../../api/payment-calls';
import { creationKeys } from '../../api/submission-keys';

/**
 * The wallet machines' invoked actors in the browser (issue 6): one contract call each, `quiet` because the
 * screens show their failures themselves. The two watchers follow a deposit the way the screen would if the user
 * kept reloading it: a read every couple of seconds (the first ones sooner) until it settles, stopped when the user
 * leaves the step.
 */
const DEPOSIT_POLL_MS = 2_000;
/**
 * The first looks at a deposit being followed come sooner: a card capture is run as soon as the authorisation commits
 * (issue 22.8), usually well within a second, and the screen should not sit on a finished deposit for two.
 */
const DEPOSIT_FIRST_LOOKS_MS = [300, 500, 1_000];
const IN_FLIGHT: ReadonlyArray<Deposit['status']> = ['created', 'processing'];

const options = (signal: AbortSignal) => ({ middleware: [quiet], signal });

/** Waits `ms`, or rejects as soon as the step is left (the actor's signal aborts). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

export function walletCalls(client: ApiClient, userId: string) {
  const path = { userId };
  const deposit = async (id: string, signal: AbortSignal) =>
    (await unwrap(client.GET('/app/user/{userId}/deposits/{deposit}', { params: { path: { userId, deposit: id } }, ...options(signal) }))).data[0]!;
  const firstDeposits = async (signal: AbortSignal) =>
    (await unwrap(client.GET('/app/user/{userId}/deposits', { params: { path, query: { startPage: 1, endPage: 1 } }, ...options(signal) }))).results;

  return {
    loadOverview: fromPromise<WalletOverview, void>(async ({ signal }) => {
      const [wallet, withdrawals, deposits] = await Promise.all([
        unwrap(client.GET('/app/user/{userId}/wallet', { params: { path }, ...options(signal) })),
        unwrap(client.GET('/app/user/{userId}/withdrawals', { params: { path, query: { startPage: 1, endPage: 1 } }, ...options(signal) })),
        firstDeposits(signal),
      ]);
      return { wallet, withdrawals: withdrawals.results, deposits };
    }),
    loadCards: fromPromise<PaymentCard[], void>(({ signal }) => listedCards(client, userId, signal)),
    addCard: fromPromise<PaymentCard, AddCardBody>(async ({ input, signal }) => {
      const { card } = await creationKeys.run('addCard', input, (key) =>
        unwrap(client.POST('/app/user/{userId}/payment-methods/cards', { params: { path, header: { 'Idempotency-Key': key } }, body: input, ...options(signal) })),
      );
      return { id: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
    }),
    removeCard: fromPromise<void, { cardId: string }>(async ({ input, signal }) => {
      await unwrap(
        client.DELETE('/app/user/{userId}/payment-methods/cards/{cardId}', { params: { path: { userId, cardId: input.cardId } }, ...options(signal) }),
      );
    }),
    createCardDeposit: fromPromise<Deposit, CardDepositRequest>(async ({ input, signal }) => {
      const { data } = await unwrap(
        client.POST('/app/user/{userId}/deposits/card', {
          params: { path, header: { 'Idempotency-Key': input.idempotencyKey } },
          body: input.body,
          ...options(signal),
        }),
      );
      return data[0]!;
    }),
    loadDeposit: fromPromise<Deposit, { depositId: string }>(({ input, signal }) => deposit(input.depositId, signal)),
    watchDeposit: fromPromise<Deposit, { depositId: string }>(async ({ input, signal }) => {
      for (let look = 0; ; look++) {
        const current = await deposit(input.depositId, signal);
        if (!IN_FLIGHT.includes(current.status)) return current;
        await pause(DEPOSIT_FIRST_LOOKS_MS[look] ?? DEPOSIT_POLL_MS, signal);
      }
    }),
    loadUsdtAddress: fromPromise<UsdtAddress, void>(({ signal }) =>
      unwrap(client.GET('/app/user/{userId}/deposits/usdt/address', { params: { path }, ...options(signal) })),
    ),
    // The deposits already there when the address was shown are not the transfer being waited for; compared by id,
    // not by time, so a browser clock that is off cannot miss or invent one.
    watchUsdtArrival: fromPromise<Deposit, void>(async ({ signal }) => {
      const known = new Set((await firstDeposits(signal)).map((d) => d.id));
      for (;;) {
        await pause(DEPOSIT_POLL_MS, signal);
        const arrived = (await firstDeposits(signal)).find((d) => d.method === 'usdt' && !known.has(d.id));
        if (arrived) return arrived;
      }
    }),
  };
}

export type WalletCalls = ReturnType<typeof walletCalls>;
