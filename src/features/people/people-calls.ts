import { fromPromise } from 'xstate';
import type { PeopleLists } from '../../../machines/find-people.machine';
import type { PhoneDetails } from '../../../machines/phone-verification.machine';
import type { Person } from '../../../machines/payments/person';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../../api/client';
import { quiet } from '../../api/quiet';
import { unwrap } from '../../api/unwrap';
import { creationKeys } from '../../api/submission-keys';

type Contact = components['schemas']['Contact'];

/** A contact as the people lists show everyone. */
const personOf = (c: Contact): Person => ({ userId: c.contact_user_id, username: c.contact_username, fullName: c.contact_full_name || null, photo: null });

/**
 * The people machines' invoked actors in the browser (issue 7), one contract call each. Everything is `quiet`:
 * the screen shows failures in place (a form message, a retry, or a notification naming the reason).
 */
export function peopleCalls(client: ApiClient, currentUserId: string) {
  const opts = (signal: AbortSignal) => ({ middleware: [quiet], signal });
  return {
    loadPeople: fromPromise<PeopleLists, { userId: string }>(async ({ input, signal }) => {
      const path = { userId: input.userId };
      const [top, contacts] = await Promise.all([
        unwrap(client.GET('/app/user/{userId}/people/top', { params: { path }, ...opts(signal) })),
        unwrap(client.GET('/app/user/{userId}/contacts', { params: { path }, ...opts(signal) })),
      ]);
      return { top: top.results, contacts: contacts.data.map(personOf) };
    }),
    searchUsers: fromPromise<Person[], { term: string }>(async ({ input, signal }) => {
      // The recipient search's own call: one way of finding people in the whole app.
      const found = await unwrap(client.GET('/app/user/{userId}/users/search', { params: { path: { userId: currentUserId }, query: { q: input.term } }, ...opts(signal) }));
      return found.results;
    }),
    addContact: fromPromise<Person[], { userId: string; contactUserId: string }>(async ({ input, signal }) => {
      const list = await creationKeys.run('addContact', input, (key) =>
        unwrap(
          client.POST('/app/user/{userId}/contacts', {
            params: { path: { userId: input.userId }, header: { 'Idempotency-Key': key } },
            body: { contactUserId: input.contactUserId },
            ...opts(signal),
          }),
        ),
      );
      return list.data.map(personOf);
    }),
    sendCode: fromPromise<void, { userId: string; phone: string }>(async ({ input, signal }) => {
      await unwrap(client.POST('/app/user/{userId}/phone/code', { params: { path: { userId: input.userId } }, body: { phone: input.phone }, ...opts(signal) }));
    }),
    verifyCode: fromPromise<PhoneDetails, { userId: string; phone: string; code: string }>(async ({ input, signal }) =>
      unwrap(
        client.POST('/app/user/{userId}/phone/verify', {
          params: { path: { userId: input.userId } },
          body: { phone: input.phone, code: input.code },
          ...opts(signal),
        }),
      ),
    ),
    confirmPhone: fromPromise<PhoneDetails, { userId: string; phone: string }>(async ({ input, signal }) =>
      unwrap(client.POST('/app/user/{userId}/phone/confirm', { params: { path: { userId: input.userId } }, body: { phone: input.phone }, ...opts(signal) })),
    ),
    invite: fromPromise<void, { userId: string; email: string }>(async ({ input, signal }) => {
      await creationKeys.run('inviteFriend', input, (key) =>
        unwrap(
          client.POST('/app/user/{userId}/invitations', {
            params: { path: { userId: input.userId }, header: { 'Idempotency-Key': key } },
            body: { email: input.email },
            ...opts(signal),
          }),
        ),
      );
    }),
  };
}

export type PeopleCalls = ReturnType<typeof peopleCalls>;
