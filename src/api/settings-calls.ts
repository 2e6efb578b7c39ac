import { fromPromise } from 'xstate';
import type { AccountInfoLoaded, AccountInfoResult, AccountInfoSave } from '../../machines/account-info.machine';
import type { Preferences } from '../../machines/preferences.machine';
import type { ImageKeys, ImageSlot, PickedFile } from '../../machines/profile-images.machine';
import type { ProfileSummary } from '../../machines/profile-summary.machine';
import type { ApiClient } from './client';
import { quiet } from './quiet';
import { unwrap } from './unwrap';
import { creationKeys } from './submission-keys';

/**
 * The account machines' invoked actors (issue 7), one contract call each. Form and dialog calls are `quiet`: the
 * screen shows the refusal itself (a field, the close section, the picture's control). Loads are not, so their
 * failure reaches the error notification.
 */
/** The shell's profile summary (the sidebar's bio and pictures): the user's own profile. */
export function readProfileSummary(client: ApiClient, userId: string, signal?: AbortSignal): Promise<ProfileSummary> {
  // Quiet: the sidebar falls back to the default avatar rather than raising a notice on every page.
  return unwrap(client.GET('/app/user/{userId}/profile', { params: { path: { userId } }, middleware: [quiet], signal }));
}

export function settingsCalls(client: ApiClient) {
  const path = (userId: string) => ({ params: { path: { userId } } });
  const loadAccount = async (userId: string, signal: AbortSignal): Promise<AccountInfoLoaded> => {
    const account = await unwrap(client.GET('/app/user/{userId}', { ...path(userId), signal }));
    return { user: account.user, phoneNumber: account.phoneNumber, pendingEmail: account.pendingEmail ?? null };
  };
  return {
    loadPreferences: fromPromise<Preferences, { userId: string }>(async ({ input, signal }) =>
      unwrap(client.GET('/app/user/{userId}/preferences', { ...path(input.userId), signal })),
    ),
    savePreferences: fromPromise<Preferences, Preferences & { userId: string }>(async ({ input, signal }) => {
      const { userId, ...body } = input;
      return unwrap(client.PUT('/app/user/{userId}/preferences', { ...path(userId), body, middleware: [quiet], signal }));
    }),
    loadUser: fromPromise<AccountInfoLoaded, { userId: string }>(async ({ input, signal }) => loadAccount(input.userId, signal)),
    saveAccountInfo: fromPromise<AccountInfoResult, AccountInfoSave>(async ({ input, signal }) => {
      const { userId, ...body } = input;
      const saved = await unwrap(client.PATCH('/app/user/{userId}/account-info', { ...path(userId), body, middleware: [quiet], signal }));
      return { user: saved.user, verificationSent: saved.verificationSent, pendingEmail: saved.pendingEmail ?? null };
    }),
    // The pending email's code: verified, then the account read again — its email is the new one now.
    verifyEmailCode: fromPromise<AccountInfoLoaded, { userId: string; email: string; otp: string }>(async ({ input, signal }) => {
      await unwrap(client.POST('/app/user/otp/email/', { body: { email: input.email, otp: input.otp }, middleware: [quiet], signal }));
      return loadAccount(input.userId, signal);
    }),
    resendEmailCode: fromPromise<void, { email: string }>(async ({ input, signal }) => {
      await unwrap(client.POST('/app/user/otp/email/resend/', { body: input, middleware: [quiet], signal }));
    }),
    closeAccount: fromPromise<void, { userId: string; current_password: string }>(async ({ input, signal }) => {
      await unwrap(
        client.POST('/app/user/{userId}/account/close', {
          ...path(input.userId),
          body: { current_password: input.current_password },
          middleware: [quiet],
          signal,
        }),
      );
    }),
    uploadPhoto: fromPromise<{ mediaId: string }, { userId: string; file: PickedFile }>(async ({ input, signal }) => {
      const { media } = await creationKeys.run('uploadMedia', input.file.data, (key) =>
        unwrap(
          client.POST('/app/user/{userId}/media', {
            params: { path: { userId: input.userId }, query: { name: input.file.name }, header: { 'Idempotency-Key': key } },
            // The file itself is the body (the server reads its first bytes), not JSON.
            body: input.file.data as never,
            bodySerializer: (body: unknown) => body as BodyInit,
            headers: { 'content-type': input.file.type },
            middleware: [quiet],
            signal,
          }),
        ),
      );
      return { mediaId: media.id };
    }),
    setImage: fromPromise<ImageKeys, { userId: string; slot: ImageSlot; mediaId: string }>(async ({ input, signal }) => {
      const profile = await creationKeys.run('setProfileImage', input, (key) =>
        unwrap(
          client.PUT('/app/user/{userId}/profile/images', {
            params: { path: { userId: input.userId }, header: { 'Idempotency-Key': key } },
            body: { slot: input.slot, mediaId: input.mediaId },
            middleware: [quiet],
            signal,
          }),
        ),
      );
      return { photo_key: profile.photo_key, background_key: profile.background_key };
    }),
  };
}
