import { fromPromise } from 'xstate';
import { parseAmount } from '../../../domain/money/amount';
import type { BankAccountSave, SavedBankAccount } from '../../../machines/bank-wizard.machine';
import type { LinkedPayoutAccount, PayoutLinkSave, PayoutProviderInfo } from '../../../machines/payout-linking.machine';
import type { CreatedWithdrawal, WithdrawRequest, WithdrawSetup } from '../../../machines/withdraw.machine';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../../api/client';
import { quiet } from '../../api/quiet';
import { unwrap } from '../../api/unwrap';

/**
 * The withdrawal machines' invoked actors in the browser: contract calls, `quiet` because every screen shows its
 * own failures (the server's localised `detail`).
 */
export type Withdrawal = components['schemas']['Withdrawal'];
type BankAccount = components['schemas']['BankAccount'];
type PayoutAccountEnvelope = components['schemas']['PayoutAccountEnvelope'];

/** What /settings/withdraw-method shows. */
export interface WithdrawMethods {
  bankAccount: BankAccount | null;
  payout: PayoutAccountEnvelope;
  /** When this was read (the browser's clock): a destination's `withdrawalsOpenAt` is compared with it. */
  checkedAt: string;
}

const options = (signal: AbortSignal) => ({ middleware: [quiet], signal });

export function withdrawalCalls(client: ApiClient, userId: string) {
  const path = { userId };
  const bankAccount = async (signal: AbortSignal) =>
    (await unwrap(client.GET('/app/user/{userId}/bank-account', { params: { path }, ...options(signal) }))).bankAccount;
  const payout = (signal: AbortSignal) => unwrap(client.GET('/app/user/{userId}/payout-account', { params: { path }, ...options(signal) }));
  const withdrawal = async (ref: string, signal: AbortSignal) =>
    (await unwrap(client.GET('/app/user/{userId}/withdrawals/{withdrawal}', { params: { path: { userId, withdrawal: ref } }, ...options(signal) }))).data[0]!;

  return {
    loadSetup: fromPromise<WithdrawSetup, void>(async ({ signal }) => {
      const [wallet, bank, linked] = await Promise.all([
        unwrap(client.GET('/app/user/{userId}/wallet', { params: { path }, ...options(signal) })),
        bankAccount(signal),
        payout(signal),
      ]);
      return {
        availableCents: parseAmount(wallet.available) ?? 0,
        // The browser's clock: when the 24 hours of a new destination are over is judged against it (the server
        // judges again at submit, and its 409 reads the setup again).
        checkedAt: new Date().toISOString(),
        bankAccount: bank
          ? { label: `${bank.bankName} ${bank.accountNumberMasked}`, nameMismatch: bank.nameMismatch, withdrawalsOpenAt: bank.withdrawalsOpenAt }
          : null,
        payoutAccount: linked.payoutAccount
          ? { label: `${linked.provider} ${linked.payoutAccount.emailMasked}`, withdrawalsOpenAt: linked.payoutAccount.withdrawalsOpenAt }
          : null,
      };
    }),
    createWithdrawal: fromPromise<CreatedWithdrawal, WithdrawRequest>(async ({ input, signal }) => {
      const { data } = await unwrap(
        client.POST('/app/user/{userId}/withdrawals', {
          params: { path, header: { 'Idempotency-Key': input.idempotencyKey } },
          body: input.body,
          ...options(signal),
        }),
      );
      const made = data[0]!;
      return { id: made.id, status: made.status, amount: made.amount, createdAt: made.created_at, withdrawal: made };
    }),
    loadWithdrawal: (ref: string) => fromPromise<unknown, void>(({ signal }) => withdrawal(ref, signal)),
    loadMethods: fromPromise<unknown, void>(async ({ signal }): Promise<WithdrawMethods> => {
      const [bank, linked] = await Promise.all([bankAccount(signal), payout(signal)]);
      return { bankAccount: bank, payout: linked, checkedAt: new Date().toISOString() };
    }),
    saveBankAccount: fromPromise<SavedBankAccount, BankAccountSave>(async ({ input, signal }) => {
      const { bankAccount: saved } = await unwrap(client.PUT('/app/user/{userId}/bank-account', { params: { path }, body: input, ...options(signal) }));
      return {
        bankName: saved!.bankName,
        accountNumberMasked: saved!.accountNumberMasked,
        nameMismatch: saved!.nameMismatch,
        withdrawalsOpenAt: saved!.withdrawalsOpenAt,
      };
    }),
    loadProvider: fromPromise<PayoutProviderInfo, void>(async ({ signal }) => {
      const linked = await payout(signal);
      return { provider: linked.provider, providerUrl: linked.providerUrl, linkedEmail: linked.payoutAccount?.emailMasked ?? null };
    }),
    linkAccount: fromPromise<LinkedPayoutAccount, PayoutLinkSave>(async ({ input, signal }) => {
      const linked = await unwrap(client.POST('/app/user/{userId}/payout-account', { params: { path }, body: input, ...options(signal) }));
      return {
        emailMasked: linked.payoutAccount!.emailMasked,
        bankAccountLast4: linked.payoutAccount!.bankAccountLast4,
        withdrawalsOpenAt: linked.payoutAccount!.withdrawalsOpenAt,
      };
    }),
  };
}
