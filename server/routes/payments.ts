import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { OperationHandlers } from '../http/operations';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { HttpProblem } from '../http/problem';
import { blankFieldIssue, RequestValidationError } from '../http/validation';
import { moneyMoving } from '../http/idempotency';
import { payments } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { parseAmount } from '../../domain/money/amount';
import {
  cancelOrDecline,
  createRequest,
  isPlainBalanceSend,
  notFound,
  postMessage,
  remind,
  roleOf,
  startPayment,
  type Caller,
  type SendInput,
} from '../payments/service';
import { sendFromBalanceKeyed } from '../payments/send-from-balance-keyed';
import { deferAuthorisation } from '../wallet/card-outcomes';
import { requireVerifiedEmail } from '../wallet/verified';
import { moneyDepsOf } from './money-deps';
import { keyRefOf } from './keys';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS, release, type Counter } from '../security/rate-limit';
import { envelopeOf, listPayments, MAX_PAGES_PER_CALL, messageView, paymentView, trailOf, type ListQuery } from '../payments/views';

function amountOf(text: string): number {
  const cents = parseAmount(text);
  if (cents === null) throw new HttpProblem(400, 'amount_invalid', 'money:amount_invalid');
  return cents;
}

interface SendBody {
  receiverUserId: string;
  amount: string;
  message?: string;
  paymentMethodId: string;
  paymentId?: string;
  pricePointId?: string;
}

const sendInputOf = (body: SendBody): SendInput => ({
  receiverUserId: body.receiverUserId,
  amountCents: amountOf(body.amount),
  message: body.message,
  paymentMethodId: body.paymentMethodId,
  paymentId: body.paymentId,
  pricePointId: body.pricePointId,
});

/** Payment requests per sender, and per sender → recipient (docs/decisions.md, "Rate limits (numbers)"). */
const requestCounters = (senderId: string, recipientId: string): Counter[] => [
  { limit: LIMITS.requestPerSender, subject: senderId },
  { limit: LIMITS.requestPerPair, scope: senderId, subject: recipientId },
];

export function paymentHandlers(services: Services): OperationHandlers {
  const { db } = services.database;
  const caller = (tx: Tx, request: FastifyRequest): Caller => ({ tx, now: services.clock.now(), userId: authOf(request).userId });
  /** A change that moves no money (no Idempotency-Key): its own transaction, answered with the payment. */
  const change = (work: (c: Caller, body: { paymentId: string }) => Promise<typeof payments.$inferSelect>, status = 200) =>
    async (request: FastifyRequest, reply: import('fastify').FastifyReply) =>
      db.transaction(async (tx) => {
        const c = caller(tx, request);
        const payment = await work(c, request.body as { paymentId: string });
        reply.code(status);
        return envelopeOf(tx, payment, c.userId, c.now);
      });

  return {
    getPayment: async (request) => {
      const { paymentId } = request.query as { paymentId: string };
      const userId = authOf(request).userId;
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      if (!payment || !roleOf(payment, userId)) throw notFound();
      return envelopeOf(db, payment, userId, services.clock.now());
    },

    listPayments: async (request) => {
      const query = request.query as Partial<ListQuery> & { startPage: number };
      const startPage = query.startPage ?? 1;
      const endPage = query.endPage ?? startPage;
      if (endPage < startPage || endPage - startPage + 1 > MAX_PAGES_PER_CALL) {
        throw new HttpProblem(400, 'page_range_invalid', 'money:page_range_invalid', { max: MAX_PAGES_PER_CALL });
      }
      return listPayments(
        db,
        authOf(request).userId,
        { startPage, endPage, status: query.status ?? 'all', type: query.type ?? 'all' },
        services.clock.now(),
      );
    },

    listPaymentEvents: async (request) => {
      const { paymentId } = request.params as { paymentId: string };
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      if (!payment || !roleOf(payment, authOf(request).userId)) throw notFound();
      return { data: await trailOf(db, paymentId) };
    },

    sendPayment: moneyMoving(
      async (tx, request) => {
        const c: Caller = { ...caller(tx, request), key: keyRefOf(request) };
        const body = request.body as SendBody;
        const input = sendInputOf(body);
        // The plain send from the balance checks the verified email in its one statement (send-from-balance.ts).
        if (!isPlainBalanceSend(c.userId, input)) await requireVerifiedEmail(tx, c.userId);
        const outcome = await startPayment(c, input);
        // By card: the intent is recorded; the processor is asked after this transaction commits.
        if ('chargeId' in outcome) return deferAuthorisation(moneyDepsOf(services), outcome.chargeId);
        const answer = outcome.seen
          ? { data: [paymentView(outcome.payment, c.userId, c.now, outcome.seen.names, outcome.seen.messages)] }
          : await envelopeOf(tx, outcome.payment, c.userId, c.now);
        return { status: body.paymentId ? 200 : 201, body: answer };
      },
      // The hot path: a plain send from the balance is one statement with its key and answer (migration 0016);
      // everything else (paying a request, a price point, a card) goes through the transaction above.
      async (request, scope, validate) => {
        const input = sendInputOf(request.body as SendBody);
        if (!isPlainBalanceSend(scope.userId, input)) return null;
        return sendFromBalanceKeyed(
          services.database,
          scope,
          { payerUserId: scope.userId, receiverUserId: input.receiverUserId, amountCents: input.amountCents, message: input.message, now: scope.now },
          (sent) => ({ status: 201, body: { data: [paymentView(sent.payment, scope.userId, scope.now, sent.names, sent.messages)] } }),
          validate,
        );
      },
      // …whose statement also checks the caller's session (migration 0020): one round trip per send in all.
      { checksSession: true },
    ),

    requestPayment: async (request, reply) => {
      const body = request.body as { receiverUserId: string; amount: string; message: string };
      // The request's note is required (spec): one of spaces only is as empty as none, refused as the schema refuses "".
      if (body.message.trim() === '') throw new RequestValidationError('body', [blankFieldIssue('message')]);
      // Counted before the request is made, given back when it is refused: only created requests use the limits.
      const hits = await enforceLimit(db, request, reply, requestCounters(authOf(request).userId, body.receiverUserId), services.clock.now());
      try {
        return await db.transaction(async (tx) => {
          const c = caller(tx, request);
          const payment = await createRequest(c, {
            receiverUserId: body.receiverUserId,
            amountCents: amountOf(body.amount),
            message: body.message,
          });
          reply.code(201);
          return envelopeOf(tx, payment, c.userId, c.now);
        });
      } catch (error) {
        await release(db, hits);
        throw error;
      }
    },

    cancelPaymentRequest: change((c, body) => cancelOrDecline(c, body.paymentId)),

    remindPaymentRequest: change((c, body) => remind(c, body.paymentId)),

    postPaymentMessage: moneyMoving(async (tx, request) => {
      const body = request.body as { paymentId: string; message: string; messageMediaId?: string };
      const message = await postMessage(caller(tx, request), body);
      return { status: 201, body: messageView(message) };
    }),
  };
}
