import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { nextPaymentStatus } from '../../machines/payment-lifecycle.machine';
import type { TestUser } from '../../tests/support/money';
import { percentile, type LoadResult } from './http-load';

/**
 * The ceiling the HTTP number is compared with: the writes of one send from balance — the Idempotency-Key row, the
 * receiver check, the payment, its two trail lines, the ordered wallet locks, the journal entry with its postings and
 * balances, the stored response — sent to PostgreSQL as one multi-statement transaction per transfer (one round
 * trip), with no HTTP, validation, authentication or ORM in between.
 */
export async function sqlTransferLoad(options: {
  url: string;
  users: TestUser[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Called when the measured window opens and closes (e.g. to read PostgreSQL's CPU time then). */
  onWindow?: (edge: 'start' | 'end') => void;
}): Promise<LoadResult> {
  const setup = new pg.Client({ connectionString: options.url });
  await setup.connect();
  const { rows } = await setup.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM ledger_accounts WHERE kind = 'user_wallet'`,
  );
  await setup.end();
  const walletOf = new Map(rows.map((r) => [r.user_id, r.id]));
  const status = nextPaymentStatus('created', { type: 'PAY_FROM_BALANCE', role: 'sender' });

  const transfer = (senderId: string, receiverId: string) => {
    const paymentId = randomUUID();
    const key = randomUUID();
    const [a, b] = [walletOf.get(senderId)!, walletOf.get(receiverId)!];
    const response = JSON.stringify({ paymentId, status, amount: '0.01' });
    return `BEGIN;
      INSERT INTO idempotency_keys (user_id, operation_id, idempotency_key, request_hash, created_at)
        VALUES ('${senderId}', 'sendPayment', '${key}', '${key}', now());
      SELECT id FROM users WHERE id = '${receiverId}' AND account_status = 'active';
      INSERT INTO payments (id, kind, status, sender_user_id, receiver_user_id, created_by_user_id, amount_cents, fee_cents,
          payment_method_id, created_at, updated_at)
        VALUES ('${paymentId}', 'send', '${status}', '${senderId}', '${receiverId}', '${senderId}', 1, 0, 'balance', now(), now());
      INSERT INTO payment_events (payment_id, from_status, to_status, event, actor_user_id, reason, occurred_at) VALUES
        ('${paymentId}', NULL, 'created', 'CREATE', '${senderId}', 'send', now()),
        ('${paymentId}', 'created', '${status}', 'PAY_FROM_BALANCE', '${senderId}', 'paid from balance', now());
      SELECT id, balance_cents FROM ledger_accounts WHERE id IN (${a}, ${b}) ORDER BY id FOR UPDATE;
      WITH entry AS (
        INSERT INTO journal_entries (kind, payment_id, created_at) VALUES ('transfer', '${paymentId}', now()) RETURNING id
      ), written AS (
        INSERT INTO postings (entry_id, account_id, amount_cents)
        SELECT entry.id, p.account_id, p.amount_cents FROM entry, (VALUES (${a}::bigint, -1::bigint), (${b}::bigint, 1::bigint)) AS p(account_id, amount_cents)
      ), balances AS (
        UPDATE ledger_accounts AS l SET balance_cents = l.balance_cents + d.delta
        FROM (VALUES (${a}::bigint, -1::bigint), (${b}::bigint, 1::bigint)) AS d(id, delta) WHERE l.id = d.id
      )
      SELECT id FROM entry;
      UPDATE idempotency_keys SET status_code = 200, response_body = $body$${response}$body$
        WHERE user_id = '${senderId}' AND operation_id = 'sendPayment' AND idempotency_key = '${key}';
      COMMIT;`;
  };

  const clients = await Promise.all(
    Array.from({ length: options.connections }, async () => {
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      return client;
    }),
  );
  const latencies: number[] = [];
  const byStatus = new Map<number, number>();
  const start = performance.now();
  const measureFrom = start + options.warmupSeconds * 1000;
  const end = measureFrom + options.seconds * 1000;
  const { users } = options;
  let answeredInWindow = 0;
  const edges = [
    setTimeout(() => options.onWindow?.('start'), measureFrom - performance.now()),
    setTimeout(() => options.onWindow?.('end'), end - performance.now()),
  ];

  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < end) {
        const sender = users[Math.floor(Math.random() * users.length)]!;
        let receiver = sender;
        while (receiver === sender) receiver = users[Math.floor(Math.random() * users.length)]!;
        const sentAt = performance.now();
        let outcome = 200;
        try {
          await client.query(transfer(sender.id, receiver.id));
        } catch {
          outcome = 500;
          await client.query('ROLLBACK');
        }
        const doneAt = performance.now();
        if (doneAt >= measureFrom && doneAt <= end) answeredInWindow++;
        if (sentAt >= measureFrom && doneAt <= end) {
          latencies.push(doneAt - sentAt);
          byStatus.set(outcome, (byStatus.get(outcome) ?? 0) + 1);
        }
      }
    }),
  );
  await Promise.all(clients.map((c) => c.end()));
  edges.forEach(clearTimeout);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    answeredInWindow,
    seconds: options.seconds,
    perSecond: latencies.length / options.seconds,
    byStatus,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
  };
}
