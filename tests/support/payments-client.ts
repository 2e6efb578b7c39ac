import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { ApiHarness } from './api-app';
import { issueSession } from '../../server/auth/session-tokens';
import type { TestUser } from './money';

/** Calls of the payments API as a given user, with a fresh Idempotency-Key unless one is given. */
export function paymentsClient(api: ApiHarness) {
  const headers = (u: TestUser, extra: Record<string, string> = {}) => ({ authtoken: u.token, ...extra });
  return {
    /** Sessions idle out after 30 minutes: after moving the clock, give everyone a new one. */
    async refresh(...people: TestUser[]) {
      for (const u of people) u.token = await issueSession(api.fresh.database.db, u.id, api.clock.now());
    },
    send(u: TestUser, body: Record<string, unknown>, key: string = randomUUID(), lang = 'en'): Promise<LightMyRequestResponse> {
      return api.inject({
        method: 'POST',
        url: `/api/app/user/${u.id}/payment/send/?lang=${lang}`,
        headers: headers(u, { 'idempotency-key': key }),
        payload: body,
      });
    },
    request(u: TestUser, body: Record<string, unknown>, lang = 'en') {
      return api.inject({ method: 'POST', url: `/api/app/user/${u.id}/payment/request/?lang=${lang}`, headers: headers(u), payload: body });
    },
    cancel(u: TestUser, paymentId: string) {
      return api.inject({ method: 'DELETE', url: `/api/app/user/${u.id}/payment/request/`, headers: headers(u), payload: { paymentId } });
    },
    remind(u: TestUser, paymentId: string) {
      return api.inject({
        method: 'POST',
        url: `/api/app/user/${u.id}/payment/request/reminder`,
        headers: headers(u),
        payload: { paymentId },
      });
    },
    message(u: TestUser, body: Record<string, unknown>, key: string = randomUUID(), lang?: string) {
      return api.inject({
        method: 'POST',
        url: `/api/app/user/${u.id}/messages/${lang ? `?lang=${lang}` : ''}`,
        headers: headers(u, { 'idempotency-key': key }),
        payload: body,
      });
    },
    get(u: TestUser, paymentId: string) {
      return api.inject({ method: 'GET', url: `/api/app/user/${u.id}/payment?paymentId=${paymentId}`, headers: headers(u) });
    },
    events(u: TestUser, paymentId: string) {
      return api.inject({ method: 'GET', url: `/api/app/user/${u.id}/payment/${paymentId}/events`, headers: headers(u) });
    },
    list(u: TestUser, query: string) {
      return api.inject({ method: 'GET', url: `/api/app/user/${u.id}/payment/list?${query}`, headers: headers(u) });
    },
    async wallet(u: TestUser) {
      const res = await api.inject({ method: 'GET', url: `/api/app/user/${u.id}/wallet`, headers: headers(u) });
      return res.json() as { balance: string; available: string; held: string };
    },
    async trail(u: TestUser, paymentId: string) {
      const res = await api.inject({ method: 'GET', url: `/api/app/user/${u.id}/payment/${paymentId}/events`, headers: headers(u) });
      return (res.json().data as { from_status: string | null; to_status: string; event: string; actor: string }[]).map(
        (e) => `${e.from_status ?? '∅'} -${e.event}-> ${e.to_status}`,
      );
    },
  };
}
