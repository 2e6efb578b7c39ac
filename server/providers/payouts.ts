/**
 * Bank payouts and the international payout account (design.md §5). A payout is submitted once (idempotency key =
 * our withdrawal id) and settles asynchronously; a background job asks for its status. The sandbox
 * (sandbox/payouts.ts) is the default; its magic values are in docs/money.md. Calls are made outside any database
 * transaction.
 */
export type PayoutDestination =
  | {
      kind: 'bank_account';
      holderName: string;
      bankCountry: string;
      bankName: string;
      accountType: string;
      accountNumber: string;
    }
  | { kind: 'payout_account'; providerAccountId: string; email: string };

export type PayoutSubmission = { outcome: 'accepted'; reference: string } | { outcome: 'refused'; code: string };

export type PayoutState =
  | { state: 'pending' }
  | { state: 'paid' }
  /** The bank could not credit it (closed account, wrong number…): the money comes back. */
  | { state: 'failed'; code: string }
  /** Refused by the provider's review (compliance): the money comes back. */
  | { state: 'rejected'; code: string };

export type PayoutLink =
  | { outcome: 'linked'; accountId: string }
  /** The account exists but its owner has not finished setting it up at the provider. */
  | { outcome: 'not_activated' }
  | { outcome: 'invalid_credentials' };

export interface PayoutProvider {
  /** The payout account provider's name and site (the app's "visit provider"). */
  readonly accountProvider: { name: string; url: string };
  submit(input: { idempotencyKey: string; amountCents: number; destination: PayoutDestination }): Promise<PayoutSubmission>;
  status(reference: string): Promise<PayoutState>;
  /** Checks the credentials with the provider once; the password is not kept anywhere. */
  linkAccount(input: { email: string; password: string; bankAccountNumber: string }): Promise<PayoutLink>;
}
