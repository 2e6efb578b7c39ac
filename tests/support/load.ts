import { randomUUID } from 'node:crypto';
import type { TestUser } from './money';

/** One send of the workload: what the client saw. `acknowledged` = a 201 whose payment id the server returned. */
export interface SendOutcome {
  startedAt: number;
  /** When the answer (or the network error) reached the client. */
  answeredAt: number;
  status: number | 'network-error';
  paymentId?: string;
  key: string;
  baseUrl: string;
}

/** Sends `cents` from `from` to `to` over real HTTP with a fresh Idempotency-Key (or the one given). */
export async function sendOverHttp(baseUrl: string, from: TestUser, to: TestUser, cents: number, key = randomUUID()): Promise<SendOutcome> {
  const startedAt = Date.now();
  try {
    const res = await fetch(`${baseUrl}/api/app/user/${from.id}/payment/send/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: from.token, 'idempotency-key': key },
      body: JSON.stringify({ receiverUserId: to.id, amount: (cents / 100).toFixed(2), paymentMethodId: 'balance' }),
    });
    const body = (await res.json().catch(() => ({}))) as { data?: { payment_id: string }[] };
    return { startedAt, answeredAt: Date.now(), status: res.status, paymentId: body.data?.[0]?.payment_id, key, baseUrl };
  } catch {
    return { startedAt, answeredAt: Date.now(), status: 'network-error', key, baseUrl };
  }
}
