/**
 * A purchase a visitor started on a creator's public page (contract schema `Purchase`): carried into sign-up as
 * `?purchase=<URL-encoded JSON>` or router state `{ purchase }`, stored with the new account, resumed after set-up.
 */
export interface Purchase {
  creatorUsername: string;
  amount?: string;
  pricePointId?: string;
}

// Dollars with at most two decimals, up to 9,999,999.99: the contract's `amount` pattern.
const AMOUNT_PATTERN = /^(0|[1-9][0-9]{0,6})(\.[0-9]{1,2})?$/;

const textOf = (value: unknown, maxLength: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= maxLength;

/**
 * A purchase from untrusted input (a query parameter, history state); anything malformed is no purchase. Checked by
 * hand rather than with a schema library, which the sign-up and public pages would download for these three fields.
 * Only the three fields are kept.
 */
export function readPurchase(value: unknown): Purchase | null {
  let candidate = value;
  if (typeof value === 'string') {
    try {
      candidate = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if ((typeof candidate !== 'object' || candidate === null) && typeof candidate !== 'function') return null;
  const fields = candidate as Record<string, unknown>;
  if (!('creatorUsername' in fields) || !textOf(fields.creatorUsername, 30)) return null;
  const purchase: Purchase = { creatorUsername: fields.creatorUsername };
  if ('amount' in fields) {
    if (typeof fields.amount !== 'string' || !AMOUNT_PATTERN.test(fields.amount)) return null;
    purchase.amount = fields.amount;
  }
  if ('pricePointId' in fields) {
    if (!textOf(fields.pricePointId, 64)) return null;
    purchase.pricePointId = fields.pricePointId;
  }
  return purchase;
}
