import type { SendPaymentInput } from '../../../machines/send-payment.machine';

/**
 * What another screen may hand to /payment/send in the history state (spec 2: "the send screen can be opened with
 * state carrying the receiver (userId and username), amount and paymentId"): paying a request from its details,
 * or a public profile's amount. `navigate(SEND_PAYMENT_PATH, { state: sendState })`. Anything malformed is ignored
 * (the screen then starts blank): the server checks a paid request's receiver and amount anyway.
 */
interface SendState {
  receiver: { userId: string; username: string; photo?: string | null };
  amount?: string;
  paymentId?: string;
  /** The request being paid: its note and when it was made (the screen shows the request itself). */
  request?: { note: string | null; requestedAt: string | null };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length < 200;

function readSendState(state: unknown): Omit<SendPaymentInput, 'flowId'> {
  if (typeof state !== 'object' || state === null) return {};
  const { receiver, amount, paymentId, request } = state as Record<string, unknown>;
  if (typeof receiver !== 'object' || receiver === null) return {};
  const { userId, username, photo } = receiver as Record<string, unknown>;
  if (!isText(userId) || !isText(username)) return {};
  const { note, requestedAt } = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 1000 ? value : null);
  return {
    receiver: { userId, username, photo: text(photo) },
    amount: isText(amount) ? amount : null,
    paymentId: isText(paymentId) ? paymentId : null,
    request: isText(paymentId) ? { note: text(note), requestedAt: text(requestedAt) } : null,
  };
}

/**
 * The public profile's link (docs/decisions.md, "The send screen's query"): `?to={username}&amount={decimal}`
 * and, for a price point, `&pricePointId={uuid}`; a tip's note as `&note=`. Used when the history state carries nothing.
 */
function readSendQuery(search: string): Omit<SendPaymentInput, 'flowId'> {
  const query = new URLSearchParams(search);
  const to = query.get('to');
  if (!isText(to)) return {};
  const amount = query.get('amount');
  const pricePointId = query.get('pricePointId');
  const note = query.get('note');
  return {
    receiverUsername: to.replace(/^@/u, ''),
    amount: isText(amount) ? amount : null,
    pricePointId: isText(pricePointId) ? pricePointId : null,
    note: note && note.length <= 500 ? note : null,
  };
}

/** What the send screen starts from: the history state first (a request, a profile), else the link's query. */
export function readSendStart(state: unknown, search: string): Omit<SendPaymentInput, 'flowId'> {
  const fromState = readSendState(state);
  return fromState.receiver ? fromState : readSendQuery(search);
}
