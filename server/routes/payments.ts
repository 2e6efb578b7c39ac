import type { FastifyRequest } from 'fastify';
import type { BodyOf, SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { blankFieldIssue, RequestValidationError } from '../http/validation';
import { moneyMoving } from '../http/idempotency';
import type { Tx } from '../ledger/types';
import { parseAmount } from '../../domain/money/amount';
import {
  cancelOrDecline,
  createRequest,
  isPlainBalanceSend,
  notFound,
  postMessage,
  remind,
  startPayment,
  type Caller,
  type SendInput,
} from '../payments/service';
import { paymentOfParty, type Payment } from '../payments/lifecycle';
import { sendFromBalanceKeyed } from '../payments/send-from-balance-keyed';
import { deferAuthorisation } from '../wallet/card-outcomes';
import { requireVerifiedEmail } from '../wallet/verified';
import { storeCard, validateCard, type ValidCard } from '../wallet/cards';
import { moneyDepsOf } from './money-deps';
import { keyRefOf } from './keys';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS, release, type Counter } from '../security/rate-limit';
import { envelopeOf, listOpenOrders, listPayments, MAX_PAGES_PER_CALL, messageView, paymentView, searchOf, trailOf } from '../payments/views';
import { picturesOf } from '../creators/profile-images';
import { DomainError } from '../problems/domain-error';

function amountOf(text: string): number {
  const cents = parseAmount(text);
  if (cents === null) throw new DomainError('amount_invalid');
  return cents;
}

/** `newCard`: a card typed into the payment, validated with no charge, stored (kept unless `save` is false), then charged. */
type SendBody = BodyOf<'sendPayment'>;

/** The contract's rule: exactly one of `paymentMethodId` and `newCard` (400 otherwise). */
function requireOneMethod(body: SendBody): void {
  if ((body.paymentMethodId === undefined) === (body.newCard === undefined)) {
    throw new DomainError('payment_method_choice_invalid');
  }
}

/** A new card's payment is never the plain send from balance: its method is the card stored in the transaction. */
const sendInputOf = (body: SendBody): SendInput => {
  requireOneMethod(body);
  return {
    receiverUserId: body.receiverUserId,
    amountCents: amountOf(body.amount),
    message: body.message,
    paymentMethodId: body.paymentMethodId ?? '',
    paymentId: body.paymentId,
    pricePointId: body.pricePointId,
    showOnPage: body.showOnPage,
  };
};

/** New cards validated by `prepare` (outside the transaction), for `run` to store in it. */
const validatedCards = new WeakMap<FastifyRequest, ValidCard>();

const cardDeclineCounters = (userId: string, clientAddress: string): Counter[] => [
  { limit: LIMITS.cardDeclinePerUser, subject: userId },
  { limit: LIMITS.cardDeclinePerIp, subject: clientAddress },
];

/** Payment requests per sender, and per sender → recipient (docs/decisions.md, "Rate limits (numbers)"). */
const requestCounters = (senderId: string, recipientId: string): Counter[] => [
  { limit: LIMITS.requestPerSender, subject: senderId },
  { limit: LIMITS.requestPerPair, scope: senderId, subject: recipientId },
];

export function paymentHandlers(services: Services) {
  const { db } = services.database;
  const caller = (tx: Tx, request: FastifyRequest): Caller => ({ tx, now: services.clock.now(), userId: authOf(request).userId });
  /** A change that moves no money (no Idempotency-Key): its own transaction, answered with the payment. */
  const change = (request: FastifyRequest, paymentId: string, work: (c: Caller, paymentId: string) => Promise<Payment>) =>
    db.transaction(async (tx) => {
      const c = caller(tx, request);
      return envelopeOf(tx, await work(c, paymentId), c.userId, c.now);
    });

  return {
    getPayment: async (request) => {
      const { paymentId } = request.query;
      const userId = authOf(request).userId;
      const payment = await paymentOfParty(db, paymentId, userId);
      if (!payment) throw notFound();
      return envelopeOf(db, payment, userId, services.clock.now());
    },

    listPayments: async (request, reply) => {
      const { query } = request;
      const startPage = query.startPage ?? 1;
      const endPage = query.endPage ?? startPage;
      if (endPage < startPage || endPage - startPage + 1 > MAX_PAGES_PER_CALL) {
        throw new DomainError('page_range_invalid', { values: { max: MAX_PAGES_PER_CALL } });
      }
      // A note search (`q`, the trigram index of migration 0028) is counted per user; the plain list and the other
      // filters (btree indexes, like the list's own) are not.
      if (query.q !== undefined) {
        await enforceLimit(db, request, reply, [{ limit: LIMITS.activitySearchPerUser, subject: authOf(request).userId }], services.clock.now());
      }
      return listPayments(
        db,
        authOf(request).userId,
        { startPage, endPage, status: query.status ?? 'all', type: query.type ?? 'all', search: searchOf(query) },
        services.clock.now(),
      );
    },

    listOpenOrders: async (request) => listOpenOrders(db, authOf(request).userId, services.clock.now()),

    listPaymentEvents: async (request) => {
      const { paymentId } = request.params;
      if (!(await paymentOfParty(db, paymentId, authOf(request).userId))) throw notFound();
      return { data: await trailOf(db, paymentId) };
    },

    sendPayment: moneyMoving(
      async (tx, request) => {
        const c: Caller = { ...caller(tx, request), key: keyRefOf(request) };
        const { body } = request;
        const input = sendInputOf(body);
        if (body.newCard) {
          const valid = validatedCards.get(request);
          // Only when the key was claimed between prepare and here (a concurrent duplicate that then vanished).
          if (!valid) throw new DomainError('idempotency_key_in_flux');
          // In the payment's transaction: a refused payment (422, 404…) rolls the card back with it.
          input.newCard = await storeCard(tx, c.userId, valid, c.now, { keep: body.save !== false });
          input.paymentMethodId = input.newCard.id;
        }
        // The plain send from the balance checks the verified email in its one statement (send-from-balance.ts).
        if (!isPlainBalanceSend(c.userId, input)) await requireVerifiedEmail(tx, c.userId);
        const outcome = await startPayment(c, input);
        // By card: the intent is recorded; the processor is asked after this transaction commits.
        if ('chargeId' in outcome) return deferAuthorisation(moneyDepsOf(services), outcome.chargeId);
        const answer = outcome.seen
          ? {
              data: [
                paymentView(
                  outcome.payment,
                  c.userId,
                  c.now,
                  outcome.seen.names,
                  outcome.seen.messages,
                  await picturesOf(tx, [outcome.payment.senderUserId, outcome.payment.receiverUserId]),
                ),
              ],
            }
          : await envelopeOf(tx, outcome.payment, c.userId, c.now);
        return { status: body.paymentId ? 200 : 201, body: answer };
      },
      // The hot path: a plain send from the balance is one statement with its key and answer (migration 0016);
      // everything else (paying a request, a price point, a card) goes through the transaction above.
      async (request, scope, validate) => {
        const input = sendInputOf(request.body);
        // Shown on the receiver's page: the transaction below records the choice with the payment.
        if (!isPlainBalanceSend(scope.userId, input) || input.showOnPage === true) return null;
        // The two avatars' addresses are read before the statement (they are public, like the pay page): the
        // statement splices in only the usernames. One indexed read of at most two profile rows.
        const pictures = await picturesOf(db, [scope.userId, input.receiverUserId]);
        return sendFromBalanceKeyed(
          services.database,
          scope,
          { payerUserId: scope.userId, receiverUserId: input.receiverUserId, amountCents: input.amountCents, message: input.message, now: scope.now },
          (sent) => ({ status: 201, body: { data: [paymentView(sent.payment, scope.userId, scope.now, sent.names, sent.messages, pictures)] } }),
          validate,
        );
      },
      // …whose statement also checks the caller's session (migration 0020): one round trip per send in all.
      {
        checksSession: true,
        // A new card is validated by the processor (no charge) before the transaction, as adding a card is; declines
        // count against the same card-testing limits.
        prepare: async (request, reply) => {
          const { body } = request;
          requireOneMethod(body);
          if (!body.newCard) return;
          const userId = authOf(request).userId;
          const now = services.clock.now();
          const hits = await enforceLimit(db, request, reply, cardDeclineCounters(userId, request.ip), now);
          try {
            validatedCards.set(request, await validateCard(services.providers.card, body.newCard, now));
          } catch (error) {
            if (!(error instanceof DomainError && error.code === 'card_declined')) await release(db, hits);
            throw error;
          }
          await release(db, hits);
        },
      },
    ),

    requestPayment: async (request, reply) => {
      const { body } = request;
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

    cancelPaymentRequest: async (request) => change(request, request.body.paymentId, cancelOrDecline),

    remindPaymentRequest: async (request) => change(request, request.body.paymentId, remind),

    postPaymentMessage: moneyMoving(async (tx, request) => {
      const message = await postMessage(caller(tx, request), request.body);
      // Told to both parties' live streams once committed and answered (app.ts).
      request.liveMessage = { paymentId: message.paymentId, userIds: [message.senderUserId, message.receiverUserId] };
      return { status: 201, body: messageView(message) };
    }),
  } satisfies SomeHandlers;
}
