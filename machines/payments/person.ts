import type { components } from '../../openapi/schema';

/** Someone to pay or ask for money, as the user search answers them (never their email). */
export type Person = components['schemas']['UserSummary'];

/**
 * A person known only by id and username: the send screen opened from a request or a public profile carries no
 * more (spec 2: "state carrying the receiver (userId and username)").
 */
export function personFrom(receiver: { userId: string; username: string; fullName?: string | null }): Person {
  return { userId: receiver.userId, username: receiver.username, fullName: receiver.fullName ?? null, photo: null };
}
