import { createHash, randomBytes } from 'node:crypto';
import type { UsdtNetwork, UsdtTransfer } from '../usdt';
import type { SandboxStore } from './store';

/**
 * The sandbox USDT network (TRON, TRC-20): a deterministic deposit address per user, and transfers simulated by
 * `POST /api/dev/sandbox/usdt-transfers` or `npm run sandbox -- usdt <user email or id> <amount>`. A simulated
 * block comes every 3 seconds of the server's clock (which tests move): a transfer has ⌊elapsed / 3 s⌋
 * confirmations and is final at 20. Magic value (docs/money.md): an amount whose cents are **.66** is dropped by
 * the network (never confirmed, nothing credited) once its first block has passed.
 */
export const SANDBOX_USDT_BLOCK_MS = 3_000;
export const USDT_REQUIRED_CONFIRMATIONS = 20;
const SANDBOX_USDT_DROPPED_CENTS = 66;

interface TransferRecord {
  address: string;
  amountCents: number;
  seenAt: string;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out;
}

export class SandboxUsdtNetwork implements UsdtNetwork {
  readonly network = 'TRON (TRC-20)';
  readonly requiredConfirmations = USDT_REQUIRED_CONFIRMATIONS;

  constructor(private readonly store: SandboxStore) {}

  async depositAddress(userId: string): Promise<string> {
    // A TRON-shaped address (T + 33 base58 characters), the same for a user every time.
    const digest = createHash('sha256').update(`tipjar-sandbox-usdt:${userId}`).digest();
    return `T${base58(digest).padStart(33, '1').slice(0, 33)}`;
  }

  async transfer(txHash: string): Promise<UsdtTransfer | null> {
    const record = await this.store.get<TransferRecord>(`usdt_tx_${txHash}`);
    if (!record) return null;
    const elapsed = this.store.clock.now().getTime() - Date.parse(record.seenAt);
    const confirmations = Math.max(0, Math.floor(elapsed / SANDBOX_USDT_BLOCK_MS));
    const dropped = record.amountCents % 100 === SANDBOX_USDT_DROPPED_CENTS && confirmations >= 1;
    return {
      txHash,
      address: record.address,
      amountCents: record.amountCents,
      confirmations: dropped ? 0 : confirmations,
      state: dropped ? 'dropped' : confirmations >= this.requiredConfirmations ? 'confirmed' : 'pending',
    };
  }

  /** Sandbox only: someone sends `amountCents` of USDT to `address`; returns the transaction hash. */
  async simulateTransfer(address: string, amountCents: number): Promise<string> {
    const txHash = randomBytes(32).toString('hex');
    await this.store.create<TransferRecord>('usdt_transfer', `usdt_tx_${txHash}`, {
      address,
      amountCents,
      seenAt: this.store.clock.now().toISOString(),
    });
    return txHash;
  }
}
