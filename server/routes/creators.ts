import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { checkRules } from '../problems/check-rules';
import { PRICE_POINT_MEDIA_TYPES, PricePointForm, ProfileForm, priceCentsOf, type PricePointMediaType } from '../../domain/rules/creator-rules';
import { activePricePoints, addPricePoint, removePricePoint } from '../payments/price-points';
import { ownProfile, publicPageOwner, publicProfile, saveBio } from '../creators/profiles';
import { addContact, contactsOf, isContactable } from '../creators/contacts';
import { setSupporterHidden, supportersWall } from '../creators/supporters';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS } from '../security/rate-limit';
import { addressKey } from '../security/password-attempts';
import { DomainError } from '../problems/domain-error';

const isMediaType = (value: string): value is PricePointMediaType => PRICE_POINT_MEDIA_TYPES.some((type) => type === value);

/** Every public page call's "no such page" (unknown, closed or not set up: one answer, publicPageOwner). */
const noPublicPage = () => new DomainError('profile_not_found');

/**
 * Creators (issue 7): the caller's profile and price points, and anyone's public page. The contract checks the
 * shapes; the shared creator rules decide what a good price, description and bio are.
 */
export function creatorHandlers(services: Services) {
  const { db } = services.database;
  return {
    getProfile: async (request) => ownProfile(db, authOf(request).userId),

    updateProfile: async (request) => {
      const { body } = request;
      checkRules(ProfileForm, body);
      const userId = authOf(request).userId;
      await saveBio(db, userId, body.bio_message.trim(), services.clock.now());
      return ownProfile(db, userId);
    },

    listPricePoints: async (request) => ({ data: await activePricePoints(db, authOf(request).userId) }),

    addPricePoint: async (request, reply) => {
      const { body } = request;
      checkRules(PricePointForm, body);
      // The contract leaves it free text so that the rules above refuse a bad one with their localised message.
      const mediaType = body.media_type;
      if (!isMediaType(mediaType)) throw new Error(`the creator rules accepted the media type ${mediaType}`);
      const userId = authOf(request).userId;
      await db.transaction((tx) =>
        addPricePoint(tx, {
          creatorUserId: userId,
          priceCents: priceCentsOf(body.price)!,
          description: body.description.trim(),
          mediaType,
          now: services.clock.now(),
        }),
      );
      reply.code(201);
      return { data: await activePricePoints(db, userId) };
    },

    removePricePoint: async (request) => {
      const { pricePointId } = request.params;
      const userId = authOf(request).userId;
      await removePricePoint(db, userId, pricePointId);
      return { data: await activePricePoints(db, userId) };
    },

    listContacts: async (request) => ({ data: await contactsOf(db, authOf(request).userId) }),

    addContact: async (request, reply) => {
      const { contactUserId } = request.body;
      const userId = authOf(request).userId;
      if (contactUserId === userId) throw new DomainError('contact_self');
      if (!(await isContactable(db, contactUserId))) throw new DomainError('user_not_found');
      const added = await addContact(db, userId, contactUserId, services.clock.now());
      reply.code(added ? 201 : 200);
      return { data: await contactsOf(db, userId) };
    },

    getPublicProfile: async (request) => {
      const { username } = request.params;
      const profile = await publicProfile(db, username);
      if (!profile) throw noPublicPage();
      return profile;
    },

    getSupporters: async (request, reply) => {
      // Public and reading a creator's payments: counted per client address before any reading, whoever is asked
      // (an unknown page counts as a known one).
      await enforceLimit(db, request, reply, [{ limit: LIMITS.publicSupportersPerIp, subject: addressKey(request.ip) }], services.clock.now());
      const { username } = request.params;
      const owner = await publicPageOwner(db, username);
      if (!owner) throw noPublicPage();
      return supportersWall(db, owner.id);
    },

    hideSupporter: async (request, reply) => {
      const { supporterPaymentId } = request.params;
      await setSupporterHidden(db, authOf(request).userId, supporterPaymentId, true, services.clock.now());
      reply.code(204);
      return undefined;
    },
  } satisfies SomeHandlers;
}
