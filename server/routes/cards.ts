import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { addCard, cardView, listCards, removeCard } from '../wallet/cards';
import { requireVerifiedEmail } from '../wallet/verified';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS, release, type Counter } from '../security/rate-limit';
import { DomainError } from '../problems/domain-error';

const cardDeclineCounters = (userId: string, clientAddress: string): Counter[] => [
  { limit: LIMITS.cardDeclinePerUser, subject: userId },
  { limit: LIMITS.cardDeclinePerIp, subject: clientAddress },
];

/** Cards: `app/user/{userId}/payment-methods/cards` (docs/money.md "Cards"). */
export function cardHandlers(services: Services) {
  const { db } = services.database;
  return {
    listCards: async (request) => ({ cards: (await listCards(db, authOf(request).userId)).map(cardView) }),

    addCard: async (request, reply) => {
      const userId = authOf(request).userId;
      await requireVerifiedEmail(db, userId);
      const now = services.clock.now();
      // Card testing: declined validations are counted per user and per client address; once over, the card is
      // refused here, before the processor is asked. Every other outcome gives its attempt back.
      const hits = await enforceLimit(db, request, reply, cardDeclineCounters(userId, request.ip), now);
      let card;
      try {
        card = await addCard(db, services.providers.card, userId, request.body, now);
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'card_declined')) await release(db, hits);
        throw error;
      }
      await release(db, hits);
      request.log.info({ userId, cardId: card.id, brand: card.brand }, 'card added');
      reply.code(201);
      return { card: cardView(card) };
    },

    removeCard: async (request) => {
      const { cardId } = request.params;
      await removeCard(db, authOf(request).userId, cardId, services.clock.now());
      return { removed: true, cardId };
    },
  } satisfies SomeHandlers;
}
