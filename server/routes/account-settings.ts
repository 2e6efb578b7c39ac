import { AccountInfoForm, normalizeEmail } from '../../domain/rules/account-rules';
import type { FastifyReply } from 'fastify';
import type { QueryOf, SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { checkRules } from '../problems/check-rules';
import { clearSessionCookies, setUserCookie } from '../accounts/session-cookies';
import {
  emailTaken,
  emailTakenByOther,
  findUserById,
  isUniqueViolation,
  saveAccountInfo,
  savePreferences,
  usernameTaken,
  usernameTakenByOther,
  type UserRow,
} from '../accounts/users';
import { issueEmailCode } from '../accounts/email-verification';
import { accountMail } from '../accounts/account-mail';
import { closeAccount } from '../accounts/close-account';
import { requireStepUp } from '../auth/step-up';
import { maskEmail } from '../wallet/withdrawals';
import { setProfileImage, publicImage, type ProfileImageSlot } from '../creators/profile-images';
import { sessionUserOf } from '../accounts/session-user';
import { mediaNotFound } from '../media/service';
import { renditionOf, renditionSpecOf, renditionSpecsFor } from '../media/renditions';
import { ownProfile } from '../creators/profiles';
import { DomainError } from '../problems/domain-error';

const userNotFound = () => new DomainError('user_not_found', { variant: 'account' });

/**
 * The account part of issue 7: preferences, account info (a new email waits until verified), closing the account,
 * and the profile's avatar and background image — set by their owner, served to anyone. Changing the email or the
 * name and closing need the password (step-up, server/auth/step-up.ts).
 */
export function accountSettingsHandlers(services: Services) {
  const { config, clock, database, providers } = services;
  const { db } = database;
  const { sendVerification, sendNotice } = accountMail(services);

  return {
    getPreferences: async (request) => {
      const user = await findUserById(db, authOf(request).userId);
      if (!user) throw userNotFound();
      return { language: user.language, emailNotifications: user.emailNotifications };
    },

    updatePreferences: async (request) => {
      const { userId } = authOf(request);
      const row = await savePreferences(db, userId, request.body, clock.now());
      if (!row) throw userNotFound();
      request.log.info({ userId }, 'preferences saved');
      return { language: row.language, emailNotifications: row.emailNotifications };
    },

    updateAccountInfo: async (request, reply) => {
      const { userId } = authOf(request);
      const { current_password: password, ...fields } = request.body;
      const values = { ...fields, fullName: fields.fullName.trim(), email: normalizeEmail(fields.email) };
      checkRules(AccountInfoForm, values);
      const current = await findUserById(db, userId);
      if (!current) throw userNotFound();
      // The account's email stays until a new one is verified: the form may send back the current address or the
      // one already waiting, and neither is a new change.
      const pending = current.pendingEmail ? normalizeEmail(current.pendingEmail) : null;
      const emailChanged = values.email !== normalizeEmail(current.email) && values.email !== pending;
      const nameChanged = values.fullName !== (current.fullName ?? '');
      // Only a new name moves the pay page: a change of letter case keeps the same link (usernames match ignoring case).
      const usernameChanged = values.username.toLowerCase() !== (current.username ?? '').toLowerCase();
      const now = clock.now();
      // Step-up (issue 21): the email would let a stolen session take the account, the name would defeat the bank
      // holder-name check, and the username would free the owner's pay page link for someone else to claim (fans
      // paying @maya would pay a stranger); checked before anything about other accounts is told.
      if (emailChanged || nameChanged || usernameChanged) await requireStepUp(db, request, reply, current, password, now);
      if (await usernameTakenByOther(db, values.username, userId)) throw usernameTaken();
      if (emailChanged && (await emailTakenByOther(db, values.email, userId))) throw emailTaken();
      let row: UserRow | undefined;
      try {
        const { fullName, username, country } = values;
        row = await saveAccountInfo(db, userId, { fullName, username, country, ...(emailChanged ? { pendingEmail: values.email } : {}) }, now);
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
      if (!row) throw userNotFound();
      if (emailChanged) {
        // The new address must prove itself like the first one did: a fresh code goes there (never logged), and the
        // address the account has now hears of it at once — with no code and the new address masked.
        const code = await issueEmailCode(db, userId, values.email, now);
        await sendVerification(request, values.email, code);
        if (row.emailStatus === 'verified') {
          await sendNotice(request, row, 'email_change_notice', now, { newEmail: maskEmail(values.email) });
        }
      }
      const user = await sessionUserOf(db, row);
      setUserCookie(reply, request, config, user);
      request.log.info({ userId, emailChanged, nameChanged, usernameChanged }, 'account info saved');
      return { user, verificationSent: emailChanged, pendingEmail: row.pendingEmail ?? null };
    },

    closeAccount: async (request, reply) => {
      const { userId } = authOf(request);
      const current = await findUserById(db, userId);
      if (!current) throw userNotFound();
      await requireStepUp(db, request, reply, current, request.body?.current_password, clock.now());
      await closeAccount(db, userId, clock.now());
      clearSessionCookies(reply, request, config);
      request.log.info({ userId }, 'account closed');
      return { closed: true as const };
    },

    setProfileImage: async (request, reply) => {
      const { userId } = authOf(request);
      const { body } = request;
      await setProfileImage(db, providers.media, userId, body.slot, body.mediaId, clock.now());
      // The session user carries the avatar's address (the sidebar shows it): the cookie follows the new picture.
      const row = await findUserById(db, userId);
      if (row) setUserCookie(reply, request, config, await sessionUserOf(db, row));
      return ownProfile(db, userId);
    },

    getAvatar: async (request, reply) => servePicture(reply, 'photo', request.params.profileUserId, request.query),
    getBackgroundImage: async (request, reply) => servePicture(reply, 'background', request.params.profileUserId, request.query),
  } satisfies SomeHandlers;

  /**
   * A public picture, as a rendition (server/media/renditions.ts): never the original upload, which may carry EXIF.
   * `size` picks the avatar side or banner width (default: the largest), `format` WebP or JPEG (default JPEG, which
   * every browser shows).
   */
  async function servePicture(reply: FastifyReply, slot: ProfileImageSlot, profileUserId: string, query: QueryOf<'getAvatar'> | QueryOf<'getBackgroundImage'>) {
    const row = await publicImage(db, profileUserId, slot);
    // An address names one picture: a key that is not the current one answers nothing, so a cache that keeps an
    // address for a year never keeps another picture under it.
    if (query.k !== undefined && query.k !== row.id) throw mediaNotFound();
    const specs = renditionSpecsFor(slot);
    const spec = query.size === undefined ? specs[specs.length - 1]! : renditionSpecOf(slot, query.size);
    if (!spec) throw mediaNotFound();
    const rendition = await renditionOf(db, providers.media, row, spec, query.format ?? 'jpeg', clock.now());
    const file = await providers.media.open(rendition.storageKey);
    if (!file) throw mediaNotFound();
    // The address carries the picture's key, so it can be cached for good; a new picture gets a new address.
    // Without the key the address follows the current picture, and is checked again each time.
    return reply
      .code(200)
      .type(rendition.contentType)
      .header('content-length', String(file.size))
      .header('cache-control', query.k === undefined ? 'public, no-cache' : 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.stream);
  }
}
