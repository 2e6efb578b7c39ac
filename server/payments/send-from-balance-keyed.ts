import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import type { IdempotencyScope, StoredResponse } from '../idempotency/store';
import { SESSION_IDLE_MS, SESSION_TOUCH_AFTER_MS, touchSession } from '../auth/session-tokens';
import { BALANCE_SEND_EVENT, balanceSendRows, isSessionRefusal, refusalOf, type BalanceSend, type SentFromBalance } from './send-from-balance';
import { notePaymentTransition } from '../dev/browser-trail';

/**
 * The HTTP send from balance in one round trip: `send_from_balance_keyed` (migration 0016) claims the
 * Idempotency-Key, runs `send_from_balance` (0015) and stores the answer, as one statement — its own transaction.
 * Replays and refusals come back from the same statement. docs/performance.md has the figures.
 *
 * The answer is this server's bytes: built here from the rows it is about to write, checked against the contract,
 * serialised, and cut where the two usernames go — the only values the statement reads rather than writes. The
 * cut marks start with U+0000, which no request can carry (validation refuses it), and carry a per-process random
 * part, so no text of the request can be mistaken for one; each mark must occur exactly once or nothing is sent.
 */
const RECEIVER_MARK = `\u0000receiver:${randomUUID()}`;
const SENDER_MARK = `\u0000sender:${randomUUID()}`;

export interface AnswerPieces {
  pieces: [string, string, string];
  order: 'receiver,sender' | 'sender,receiver';
}

/** Where the usernames go in the serialised answer (exported for its test). */
export function answerPieces(text: string): AnswerPieces {
  const receiver = JSON.stringify(RECEIVER_MARK);
  const sender = JSON.stringify(SENDER_MARK);
  const r = text.indexOf(receiver);
  const s = text.indexOf(sender);
  if (r < 0 || s < 0 || text.indexOf(receiver, r + 1) >= 0 || text.indexOf(sender, s + 1) >= 0) {
    throw new Error('the send answer must show each username exactly once');
  }
  const [first, firstLength, second, secondLength] = r < s ? [r, receiver.length, s, sender.length] : [s, sender.length, r, receiver.length];
  return {
    pieces: [text.slice(0, first), text.slice(first + firstLength, second), text.slice(second + secondLength)],
    order: r < s ? 'receiver,sender' : 'sender,receiver',
  };
}

/** Stand-ins for the usernames while the answer is built and checked (strings, as real usernames are). */
const usernameMarks = (input: BalanceSend): Map<string, string> =>
  new Map([
    [input.receiverUserId, RECEIVER_MARK],
    [input.payerUserId, SENDER_MARK],
  ]);

const STATEMENT = `SELECT replayed, status_code, response_body FROM send_from_balance_keyed(
  $1::text, $2::text, $3::text, $4::text, $5::text, $6::uuid, $7::uuid, $8::uuid, $9::bigint, $10::text, $11::text,
  $12::text, $13::timestamptz, $14::uuid, $15::text, $16::integer, $17::text[], $18::text)`;
// The same, after the caller's session check (migration 0020): the route's own session read is not made.
const IN_SESSION = `SELECT replayed, status_code, response_body FROM send_from_balance_in_session(
  $19::text, $20::bigint, $21::bigint,
  $1::text, $2::text, $3::text, $4::text, $5::text, $6::uuid, $7::uuid, $8::uuid, $9::bigint, $10::text, $11::text,
  $12::text, $13::timestamptz, $14::uuid, $15::text, $16::integer, $17::text[], $18::text)`;

export async function sendFromBalanceKeyed(
  database: Database,
  scope: IdempotencyScope,
  input: BalanceSend,
  answer: (sent: SentFromBalance) => { status: number; body: unknown },
  validate: (status: number, body: unknown) => void,
): Promise<StoredResponse> {
  // The key is the caller's, and the statement files it under the sender: they must be one person.
  if (scope.userId !== input.payerUserId) throw new Error('a send from balance is keyed by its sender');
  const { payment, message } = balanceSendRows(input);
  const { status, body } = answer({ payment, names: usernameMarks(input), messages: message ? [message] : [] });
  validate(status, body);
  const { pieces, order } = answerPieces(JSON.stringify(body));
  let rows: { replayed: boolean; status_code: number; response_body: string }[];
  const { session } = scope;
  const values = [
    scope.operationId,
    scope.key,
    scope.requestHash,
    scope.locale ?? null,
    scope.requestPath ?? null,
    payment.id,
    payment.senderUserId,
    payment.receiverUserId,
    payment.amountCents,
    payment.description,
    payment.status,
    BALANCE_SEND_EVENT.type,
    input.now.toISOString(),
    message?.id ?? null,
    message?.message ?? null,
    status,
    pieces,
    order,
  ];
  try {
    if (session) {
      session.checked = true;
      rows = await database.statement('send_from_balance_in_session', IN_SESSION, [
        ...values,
        session.tokenHash,
        SESSION_IDLE_MS,
        SESSION_TOUCH_AFTER_MS,
      ]);
    } else {
      rows = await database.statement('send_from_balance_keyed', STATEMENT, values);
    }
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    // A refused send rolled back the session's refresh with it; a live session's request still counts as activity.
    if (session && !isSessionRefusal(refusal)) await touchSession(database.db, session.tokenHash, input.now);
    throw refusal;
  }
  const [row] = rows;
  if (!row) throw new Error('send_from_balance_keyed returned no row');
  // A replay answers what the first call did: no transition now.
  if (!row.replayed) notePaymentTransition(payment.id, 'created', BALANCE_SEND_EVENT);
  return { status: row.status_code, bodyText: row.response_body, replayed: row.replayed };
}
