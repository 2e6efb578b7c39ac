import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../ledger/types';
import { nextPaymentStatus } from '../../machines/payment-lifecycle.machine';
import type { Payment } from './lifecycle';
import type { MessageRow } from './views';
import { setUpRequired } from '../security/set-up-gate';
import { DomainError } from '../problems/domain-error';
import { notePaymentTransition } from '../dev/browser-trail';

/**
 * A plain send from the balance — the hot path of the API — as one statement: the SQL function
 * `send_from_balance` (migration 0015) checks the sender and the receiver, writes the payment, its trail and its
 * message, locks both wallets in id order, refuses an overdraft under the locks and posts the balanced transfer,
 * all in the caller's transaction. The step-by-step version cost nine round trips; on PostgreSQL those, not the
 * work, were the time of a send (docs/performance.md).
 *
 * What it writes is decided here, as before: the lifecycle machine picks the status; the rows are built from one
 * set of values that is also what the caller gets back, with the two usernames the statement read.
 */
export interface BalanceSend {
  payerUserId: string;
  receiverUserId: string;
  amountCents: number;
  message?: string | undefined;
  now: Date;
}

export interface SentFromBalance {
  payment: Payment;
  /** usernames by user id, for the answer */
  names: Map<string, string | null>;
  messages: MessageRow[];
}

const REFUSED = 'tipjar_refused:';
const refusals: Record<string, () => DomainError> = {
  email_unverified: () => new DomainError('email_unverified'),
  // Migration 0021: the set-up gate, as server/security/set-up-gate.ts answers it on every other marked operation.
  set_up_required: setUpRequired,
  user_not_found: () => new DomainError('user_not_found'),
  insufficient_funds: () => new DomainError('insufficient_funds'),
  // Raised by send_from_balance_keyed (migration 0016), as runIdempotent answers them.
  idempotency_key_reused: () => new DomainError('idempotency_key_reused'),
  idempotency_key_in_flux: () => new DomainError('idempotency_key_in_flux'),
  // Raised by send_from_balance_in_session (migration 0020), as the authenticator and the owner check answer them.
  unauthenticated: () => new DomainError('unauthenticated'),
  session_expired: () => new DomainError('session_expired'),
  not_yours: () => new DomainError('not_found'),
};

/** A refusal of the caller (their session, or a path that is not theirs) rather than of the send. */
export const isSessionRefusal = (refusal: DomainError): boolean =>
  refusal.code === 'unauthenticated' || refusal.code === 'session_expired' || refusal.code === 'not_found';

/** The statement's refusal (raised as P0001 'tipjar_refused:<code>'), wherever the driver wrapped it. */
export function refusalOf(error: unknown): DomainError | null {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: string; message?: string };
    if (code === 'P0001' && message?.startsWith(REFUSED)) return refusals[message.slice(REFUSED.length)]?.() ?? null;
  }
  return null;
}

/** The status the lifecycle machine gives a send from balance (asked once: the machine and the event are fixed). */
let balanceSendStatus: Payment['status'] | undefined;
export const BALANCE_SEND_EVENT = { type: 'PAY_FROM_BALANCE', role: 'sender' } as const;
function balanceSendStatusOf(): Payment['status'] {
  if (balanceSendStatus) return balanceSendStatus;
  const status = nextPaymentStatus('created', BALANCE_SEND_EVENT);
  if (!status) throw new Error('the lifecycle machine refuses a send from balance');
  return (balanceSendStatus = status);
}

/** The rows a send from balance writes, built once: the statement writes them and the answer shows them. */
export function balanceSendRows(input: BalanceSend): { payment: Payment; message: MessageRow | null } {
  const status = balanceSendStatusOf();
  const payment: Payment = {
    id: randomUUID(),
    kind: 'send',
    status,
    senderUserId: input.payerUserId,
    receiverUserId: input.receiverUserId,
    createdByUserId: input.payerUserId,
    amountCents: input.amountCents,
    feeCents: 0,
    paymentMethodId: 'balance',
    pricePointId: null,
    mediaType: null,
    description: input.message || null,
    holdExpiresAt: null,
    lastReminderAt: null,
    showOnPage: false,
    hiddenOnPageAt: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
  const message: MessageRow | null = input.message
    ? {
        id: randomUUID(),
        paymentId: payment.id,
        senderUserId: payment.senderUserId,
        receiverUserId: payment.receiverUserId,
        message: input.message,
        mediaId: null,
        paymentTriggered: true,
        createdAt: input.now,
      }
    : null;
  return { payment, message };
}

export async function sendFromBalanceAtOnce(tx: Tx, input: BalanceSend): Promise<SentFromBalance> {
  const { payment, message } = balanceSendRows(input);
  const { status } = payment;
  const event = BALANCE_SEND_EVENT;
  let row: { sender_username: string | null; receiver_username: string | null } | undefined;
  try {
    const result = (await tx.execute(
      sql`SELECT * FROM send_from_balance(${payment.id}::uuid, ${payment.senderUserId}::uuid, ${payment.receiverUserId}::uuid,
        ${payment.amountCents}::bigint, ${payment.paymentMethodId}::text, ${payment.description}::text, ${status}::text,
        ${event.type}::text, ${input.now.toISOString()}::timestamptz, 'send', 'paid from balance',
        ${message?.id ?? null}::uuid, ${message?.message ?? null}::text)`,
    )) as unknown as { rows: NonNullable<typeof row>[] };
    row = result.rows[0];
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
  if (!row) throw new Error('send_from_balance returned no row');
  notePaymentTransition(payment.id, 'created', event);
  return {
    payment,
    names: new Map([
      [payment.senderUserId, row.sender_username],
      [payment.receiverUserId, row.receiver_username],
    ]),
    messages: message ? [message] : [],
  };
}
