/**
 * The USDT network (through a custody provider), design.md §5: a deposit address per user, and the transfers that
 * arrive at it, which settle as the network confirms them. The sandbox (sandbox/usdt.ts) is the default.
 * Calls are made outside any database transaction.
 */
export interface UsdtTransfer {
  txHash: string;
  address: string;
  /** USDT counts 1:1 as US dollars, in cents (sub-cent dust is not credited). */
  amountCents: number;
  confirmations: number;
  /** `dropped`: the network will never confirm it (reorganised away); nothing is credited. */
  state: 'pending' | 'confirmed' | 'dropped';
}

export interface UsdtNetwork {
  /** Shown to users, e.g. "TRON (TRC-20)". */
  readonly network: string;
  /** Confirmations after which a transfer is final and credited. */
  readonly requiredConfirmations: number;
  /** The user's own deposit address (the same on every call). */
  depositAddress(userId: string): Promise<string>;
  /** A transfer the network saw, or null if it knows no such transaction. */
  transfer(txHash: string): Promise<UsdtTransfer | null>;
}
