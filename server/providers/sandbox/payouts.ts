import { createHash, randomUUID } from 'node:crypto';
import type { PayoutDestination, PayoutLink, PayoutProvider, PayoutState, PayoutSubmission } from '../payouts';
import type { SandboxStore } from './store';

/**
 * The sandbox payout provider: bank transfers and the international payout account ("PayWorld", a made-up name).
 * A payout is accepted when submitted and settles 30 minutes later by the server's clock (which tests move).
 * Magic values (docs/money.md "Providers"):
 *
 * - a bank account number (or a linked payout account's bank account number) ending **0000**: the payout
 *   **fails** at settlement (`account_closed`) and the money goes back to the wallet;
 * - ending **1111**: the payout is **rejected** by the provider's review (`compliance_rejected`), money back;
 * - linking a payout account whose email contains **inactive**: "not activated";
 * - linking with the password **wrong-password**: invalid credentials.
 *
 * The linking password is checked and forgotten: nothing stores it, here or in our tables.
 */
export const SANDBOX_PAYOUT_SETTLE_MS = 30 * 60 * 1000;
const SANDBOX_PAYOUT_FAIL_SUFFIX = '0000';
const SANDBOX_PAYOUT_REJECT_SUFFIX = '1111';
export const SANDBOX_PAYOUT_INACTIVE_MARK = 'inactive';
export const SANDBOX_PAYOUT_WRONG_PASSWORD = 'wrong-password';

interface PayoutRecord {
  amountCents: number;
  accountNumber: string;
  submittedAt: string;
}
interface LinkedAccountRecord {
  email: string;
  bankAccountNumber: string;
}

export class SandboxPayoutProvider implements PayoutProvider {
  readonly accountProvider = { name: 'PayWorld', url: 'https://payworld.example' };

  constructor(private readonly store: SandboxStore) {}

  async submit(input: { idempotencyKey: string; amountCents: number; destination: PayoutDestination }): Promise<PayoutSubmission> {
    let accountNumber: string;
    if (input.destination.kind === 'bank_account') {
      accountNumber = input.destination.accountNumber;
    } else {
      const account = await this.store.get<LinkedAccountRecord>(input.destination.providerAccountId);
      if (!account) return { outcome: 'refused', code: 'unknown_account' };
      accountNumber = account.bankAccountNumber;
    }
    const stored = await this.store.create<PayoutRecord>(
      'payout',
      `po_sbx_${randomUUID().replaceAll('-', '')}`,
      { amountCents: input.amountCents, accountNumber, submittedAt: this.store.clock.now().toISOString() },
      input.idempotencyKey,
    );
    return { outcome: 'accepted', reference: stored.id };
  }

  async status(reference: string): Promise<PayoutState> {
    const payout = await this.store.get<PayoutRecord>(reference);
    if (!payout) return { state: 'failed', code: 'unknown_payout' };
    if (this.store.clock.now().getTime() < Date.parse(payout.submittedAt) + SANDBOX_PAYOUT_SETTLE_MS) return { state: 'pending' };
    if (payout.accountNumber.endsWith(SANDBOX_PAYOUT_FAIL_SUFFIX)) return { state: 'failed', code: 'account_closed' };
    if (payout.accountNumber.endsWith(SANDBOX_PAYOUT_REJECT_SUFFIX)) return { state: 'rejected', code: 'compliance_rejected' };
    return { state: 'paid' };
  }

  async linkAccount(input: { email: string; password: string; bankAccountNumber: string }): Promise<PayoutLink> {
    if (input.password === SANDBOX_PAYOUT_WRONG_PASSWORD) return { outcome: 'invalid_credentials' };
    if (input.email.toLowerCase().includes(SANDBOX_PAYOUT_INACTIVE_MARK)) return { outcome: 'not_activated' };
    // One provider account per email: linking again finds the same one.
    const id = `pa_sbx_${createHash('sha256').update(input.email.toLowerCase()).digest('hex').slice(0, 24)}`;
    await this.store.create<LinkedAccountRecord>('payout_account', id, { email: input.email.toLowerCase(), bankAccountNumber: input.bankAccountNumber });
    await this.store.change<LinkedAccountRecord, null>(id, (a) => ({ data: { ...a, bankAccountNumber: input.bankAccountNumber }, result: null }));
    return { outcome: 'linked', accountId: id };
  }
}
