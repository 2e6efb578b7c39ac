import type { OperationHandlers } from '../http/operations';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { addCard, cardView, listCards, removeCard } from '../wallet/cards';
import { requireVerifiedEmail } from '../wallet/verified';
import type { CardFormValue } from '../../domain/rules/card-rules';

/** Cards: `app/user/{userId}/payment-methods/cards` (docs/money.md "Cards"). */
export function cardHandlers(services: Services): OperationHandlers {
  const { db } = services.database;
  return {
    listCards: async (request) => ({ cards: (await listCards(db, authOf(request).userId)).map(cardView) }),

    addCard: async (request, reply) => {
      const userId = authOf(request).userId;
      await requireVerifiedEmail(db, userId);
      const card = await addCard(db, services.providers.card, userId, request.body as CardFormValue, services.clock.now());
      request.log.info({ userId, cardId: card.id, brand: card.brand }, 'card added');
      reply.code(201);
      return { card: cardView(card) };
    },

    removeCard: async (request) => {
      const { cardId } = request.params as { cardId: string };
      await removeCard(db, authOf(request).userId, cardId, services.clock.now());
      return { removed: true, cardId };
    },
  };
}
