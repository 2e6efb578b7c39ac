import { deliverMail } from '../jobs/mail-delivery';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { checkRules } from '../problems/check-rules';
import { pickLocale } from '../i18n/translator';
import { searchUsers } from '../people/search';
import { topPeople } from '../people/top-people';
import { checkPhoneCode, confirmPhone, issuePhoneCode, phoneTakenByOther, PHONE_CODE_TTL_MS } from '../people/phone-verification';
import { invitationLink, recordInvitation } from '../people/invitations';
import { findUserNames } from '../accounts/users';
import { LIMITS, release } from '../security/rate-limit';
import { enforceLimit } from '../security/enforce-limit';
import { isSearchable, normalizeSearchTerm } from '../../domain/user-search';
import { USER_SEARCH_MIN_CHARS } from '../../domain/limits';
import { normalizeEmail } from '../../domain/rules/account-rules';
import { InviteForm, PhoneCodeForm, PhoneForm, maskPhone, normalizePhone } from '../../domain/rules/people-rules';
import { DomainError, fieldRefusal } from '../problems/domain-error';

type Schemas = components['schemas'];

/**
 * Finding people (the recipient search of the payment screens, and /contacts), phone verification and inviting
 * friends (issue 7). Codes and numbers are never logged in full: only user ids, outcomes and masked numbers.
 */
export function peopleHandlers(services: Services) {
  const { db } = services.database;
  const { clock, translator, config } = services;

  const text = (request: FastifyRequest, key: string, values: Record<string, unknown>) =>
    translator.t(pickLocale(request.query, request.headers['accept-language']), key, values);

  async function detailsOf(userId: string, phone: string, confirmed: boolean): Promise<Schemas['PhoneDetails']> {
    const row = await findUserNames(db, userId);
    return { phone, username: row?.username ?? '', full_name: row?.fullName ?? '', email: row?.email ?? '', confirmed };
  }

  return {
    searchUsers: async (request) => {
      const { q } = request.query;
      if (!isSearchable(q)) {
        throw new DomainError('search_too_short', { values: { min: USER_SEARCH_MIN_CHARS } });
      }
      return { results: await searchUsers(db, authOf(request).userId, normalizeSearchTerm(q)) };
    },

    topPeople: async (request) => ({ results: await topPeople(db, authOf(request).userId, clock.now()) }),

    sendPhoneCode: async (request, reply) => {
      const { body } = request;
      checkRules(PhoneForm, body);
      const phone = normalizePhone(body.phone);
      const userId = authOf(request).userId;
      const now = clock.now();
      // Counted first: whether a number belongs to someone must not be askable without limit.
      const hits = await enforceLimit(
        db,
        request,
        reply,
        [
          { limit: LIMITS.phoneCodePerUser, subject: userId },
          { limit: LIMITS.phoneCodePerNumber, subject: phone },
        ],
        now,
      );
      if (await phoneTakenByOther(db, userId, phone)) throw fieldRefusal('phone_taken', 'phone');
      const code = await issuePhoneCode(db, userId, phone, now);
      const minutes = PHONE_CODE_TTL_MS / 60_000;
      try {
        await services.sms.send({ to: phone, text: text(request, 'people:sms.code', { code, minutes }) });
      } catch (error) {
        // Not sent: the attempt does not count, and the user is told to try again.
        await release(db, hits);
        request.log.error({ err: error, userId, phone: maskPhone(phone) }, 'phone code could not be texted');
        throw new DomainError('sms_unavailable');
      }
      request.log.info({ userId, phone: maskPhone(phone) }, 'phone code texted');
      reply.code(202);
      return { phone, expiresInMinutes: minutes };
    },

    verifyPhoneCode: async (request, reply) => {
      const { body } = request;
      checkRules(PhoneCodeForm, { phone: body.phone, code: body.code.trim() });
      const phone = normalizePhone(body.phone);
      const userId = authOf(request).userId;
      const now = clock.now();
      const hits = await enforceLimit(db, request, reply, [{ limit: LIMITS.phoneVerifyPerUser, subject: userId }], now);
      const result = await checkPhoneCode(db, userId, phone, body.code.trim(), now);
      request.log.info({ userId, result }, 'phone code checked');
      if (result === 'invalid') throw fieldRefusal('otp_invalid', 'code', 'phone');
      if (result === 'expired') throw new DomainError('otp_expired', { variant: 'phone' });
      if (result === 'locked') throw new DomainError('otp_locked', { variant: 'phone' });
      // Only wrong codes count against the account.
      await release(db, hits);
      return detailsOf(userId, phone, false);
    },

    confirmPhone: async (request) => {
      const { body } = request;
      checkRules(PhoneForm, body);
      const phone = normalizePhone(body.phone);
      const userId = authOf(request).userId;
      const result = await confirmPhone(db, userId, phone, clock.now());
      request.log.info({ userId, result }, 'phone confirmation');
      if (result === 'not_verified') throw new DomainError('phone_not_verified');
      if (result === 'taken') throw fieldRefusal('phone_taken', 'phone');
      return detailsOf(userId, phone, true);
    },

    inviteFriend: async (request, reply) => {
      const { body } = request;
      checkRules(InviteForm, body);
      const email = normalizeEmail(body.email);
      const userId = authOf(request).userId;
      const now = clock.now();
      await enforceLimit(
        db,
        request,
        reply,
        [
          { limit: LIMITS.invitePerUser, subject: userId },
          { limit: LIMITS.invitePerEmail, subject: email },
        ],
        now,
      );
      const me = await findUserNames(db, userId);
      const link = invitationLink(config.publicUrl, me?.username ?? '');
      const name = me?.fullName || me?.username || '';
      // A mail server that is down does not fail the invitation: it is queued and sent again (jobs/mail-delivery.ts).
      await deliverMail({ ...services, log: request.log }, {
        to: email,
        subject: text(request, 'emails:invite.subject', { name }),
        text: text(request, 'emails:invite.text', { name, link }),
      });
      await recordInvitation(db, userId, email, now);
      request.log.info({ userId }, 'invitation sent');
      reply.code(202);
      return { link };
    },
  } satisfies SomeHandlers;
}
