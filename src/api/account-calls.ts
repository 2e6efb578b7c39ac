import { fromPromise } from 'xstate';
import type { Purchase } from '../../domain/purchase';
import type { SessionUser } from '../../domain/session-user';
import type { ChangePasswordValues } from '../../machines/change-password.machine';
import type { ResetPasswordRequest } from '../../machines/reset-password.machine';
import type { SetUpRequest } from '../../machines/set-up.machine';
import type { SignInValues, SignedInOutput } from '../../machines/sign-in.machine';
import type { CreatedOutput, CreateUserInput } from '../../machines/sign-up.machine';
import type { ApiClient } from './client';
import { quiet } from './quiet';
import { unwrap } from './unwrap';

/**
 * The account machines' invoked actors in the browser: each one contract call through the main client. Every
 * call is `quiet` because its form shows the failure itself (field errors from `errors[]`, or `detail` above the
 * button); a 401 still ends a signed-in session through the client's middleware. The machines never see the
 * token: `authToken` in an answer is ignored, the HttpOnly cookie carries the session (docs/decisions.md).
 */
const options = (signal: AbortSignal) => ({ middleware: [quiet], signal });

export function accountCalls(client: ApiClient) {
  return {
    signIn: fromPromise<SignedInOutput, SignInValues>(async ({ input, signal }) => {
      const { user } = await unwrap(client.POST('/app/user/login/', { body: input, ...options(signal) }));
      return { user };
    }),
    createUser: fromPromise<CreatedOutput, CreateUserInput>(async ({ input, signal }) => {
      const { user } = await unwrap(client.POST('/app/user/create/', { body: input, ...options(signal) }));
      return { user };
    }),
    verifyCode: fromPromise<void, { email: string; otp: string }>(async ({ input, signal }) => {
      await unwrap(client.POST('/app/user/otp/email/', { body: input, ...options(signal) }));
    }),
    resendCode: fromPromise<void, { email: string }>(async ({ input, signal }) => {
      await unwrap(client.POST('/app/user/otp/email/resend/', { body: input, ...options(signal) }));
    }),
    loadUser: (userId: string) =>
      fromPromise<SessionUser, void>(async ({ signal }) => {
        const account = await unwrap(client.GET('/app/user/{userId}', { params: { path: { userId } }, ...options(signal) }));
        return account.user;
      }),
    sendResetLink: fromPromise<void, { email: string }>(async ({ input, signal }) => {
      await unwrap(client.POST('/app/user/forgot-password', { body: input, ...options(signal) }));
    }),
    resetPassword: fromPromise<void, ResetPasswordRequest>(async ({ input, signal }) => {
      await unwrap(client.PATCH('/app/user/reset-password', { body: input, ...options(signal) }));
    }),
    changePassword: fromPromise<void, ChangePasswordValues & { userId: string }>(async ({ input, signal }) => {
      const { userId, ...body } = input;
      await unwrap(
        client.PATCH('/app/user/{userId}/account/change-password', { params: { path: { userId } }, body, ...options(signal) }),
      );
    }),
    setUp: fromPromise<{ user: SessionUser }, SetUpRequest>(async ({ input, signal }) => {
      const { userId, ...body } = input;
      return unwrap(client.PATCH('/app/user/{userId}/set-up', { params: { path: { userId } }, body, ...options(signal) }));
    }),
    loadPurchase: fromPromise<Purchase | null, { userId: string }>(async ({ input, signal }) => {
      const account = await unwrap(client.GET('/app/user/{userId}', { params: { path: { userId: input.userId } }, ...options(signal) }));
      return account.purchase ?? null;
    }),
  };
}
