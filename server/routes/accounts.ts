import { needsSetUp } from '../../domain/session-user';
import { SetUpForm } from '../../domain/rules/account-rules';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { checkRules } from '../problems/check-rules';
import { authOf } from '../auth/authenticate';
import { setUserCookie } from '../accounts/session-cookies';
import { sessionUserOf } from '../accounts/session-user';
import { completeSetUp, findUserById, isUniqueViolation, toSessionUser, usernameTaken, usernameTakenByOther, type UserRow } from '../accounts/users';
import { DomainError } from '../problems/domain-error';

/**
 * The signed-in user's own account (issue 3, spec sections 5 and 7): the set-up gate (name, username, country, once)
 * and the account as the app shows it. Sign-up, sign-in and out are in sessions.ts, the email's codes in
 * email-codes.ts, passwords in passwords.ts.
 */
export function accountHandlers(services: Services) {
  const { config, clock } = services;
  const db = services.database.db;

  return {
    setUpAccount: async (request, reply) => {
      const { userId } = authOf(request);
      const { body } = request;
      const values = { ...body, fullName: body.fullName.trim() };
      checkRules(SetUpForm, values);
      const user = await findUserById(db, userId);
      if (!user) throw new DomainError('user_not_found', { variant: 'account' });
      if (!needsSetUp(toSessionUser(user, null))) throw new DomainError('set_up_done');
      if (await usernameTakenByOther(db, values.username, userId)) throw usernameTaken();
      const now = clock.now();
      let row: UserRow | undefined;
      try {
        // Once only, even when two set-ups race: the second finds nothing left to set.
        row = await completeSetUp(db, userId, values, now);
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
      if (!row) throw new DomainError('set_up_done');
      const sessionUser = await sessionUserOf(db, row);
      setUserCookie(reply, request, config, sessionUser);
      request.log.info({ userId }, 'account set up');
      return { user: sessionUser };
    },

    getAccount: async (request, reply) => {
      const { userId } = authOf(request);
      const user = await findUserById(db, userId);
      if (!user) throw new DomainError('user_not_found', { variant: 'account' });
      const sessionUser = await sessionUserOf(db, user);
      setUserCookie(reply, request, config, sessionUser);
      return {
        user: sessionUser,
        purchase: user.purchase ?? null,
        eSignatureConsentAt: user.eSignatureConsentAt?.toISOString() ?? null,
        createdAt: user.createdAt.toISOString(),
        phoneNumber: user.phoneNumber ?? null,
        pendingEmail: user.pendingEmail ?? null,
      };
    },
  } satisfies SomeHandlers;
}
