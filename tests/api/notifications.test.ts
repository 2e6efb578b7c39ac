import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createTestMedia, createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { createPricePoint } from '../../server/payments/price-points';
import { runDueJobs, runJobTick, type JobServices } from '../../server/jobs/runner';
import { scanPaymentEvents, GAP_GRACE_MS } from '../../server/notifications/scan-payment-events';
import { OutboxMailer } from '../../server/providers/email/outbox-mailer';
import type { EmailMessage, Mailer } from '../../server/providers/email/index';

const HOUR = 60 * 60 * 1000;
const LATE_ID = '00000000-0000-4000-8000-00000000a7e1';

/**
 * Notification emails (migration 0018, docs/decisions.md): a payment received, a request (and its reminder), a
 * price point paid and its reply are mailed to the one concerned, in their language, when their preference is on —
 * by the job runner, after the request, exactly once however many runners and retries.
 */
describe.each(databaseKinds())('notification emails on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let services: JobServices;
  let ana: TestUser;
  let bea: TestUser;

  beforeAll(async () => {
    api = await startApi(kind, { env: { PUBLIC_URL: 'https://tipjar.test' } });
    client = paymentsClient(api);
    services = { database: api.fresh.database, clock: api.clock, publicUrl: 'https://tipjar.test' };
    ana = await createUser(api.fresh.database, api.clock.now());
    bea = await createUser(api.fresh.database, api.clock.now());
    await fundWallet(api.fresh.database, ana.id, 1_000_00, api.clock.now());
    await fundWallet(api.fresh.database, bea.id, 1_000_00, api.clock.now());
  });
  afterAll(() => api.close());

  const outboxOf = async (user: TestUser) => {
    const res = await api.inject({ method: 'GET', url: `/api/dev/outbox?to=${user.username}@example.com&limit=100` });
    return (res.json().messages as { subject: string; body: string }[]).filter((m) => !m.subject.includes('code'));
  };
  const setPreferences = async (user: TestUser, language: 'en' | 'es' | 'pt', emailNotifications: boolean) => {
    const res = await api.inject({
      method: 'PUT',
      url: `/api/app/user/${user.id}/preferences`,
      headers: { authtoken: user.token },
      payload: { language, emailNotifications },
    });
    expect(res.statusCode).toBe(200);
  };
  const send = async (from: TestUser, to: TestUser, amount: string) => {
    const res = await client.send(from, { receiverUserId: to.id, amount, paymentMethodId: 'balance' });
    expect(res.statusCode).toBe(201);
    return res.json().data[0] as { payment_id: string };
  };

  it('a payment received is mailed once, in the receiver’s language, with the amount through Intl', async () => {
    await setPreferences(bea, 'es', true);
    const before = (await outboxOf(bea)).length;
    const payment = await send(ana, bea, '12.50');
    // Nothing is mailed by the request itself: the send's transaction writes no notification.
    expect(await outboxOf(bea)).toHaveLength(before);
    await runJobTick(services);
    const mails = await outboxOf(bea);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toBe(`Recibiste 12,50\u00a0US$ de @${ana.username}`);
    expect(mails[0]!.body).toContain(`https://tipjar.test/transactions/transaction-details?id=${payment.payment_id}`);
    expect(mails[0]!.body).toContain('https://tipjar.test/settings');
    // Ticks and scans again: nothing new.
    await runJobTick(services);
    await scanPaymentEvents(services);
    await runDueJobs(services);
    expect(await outboxOf(bea)).toHaveLength(before + 1);
    // The payer is not told about their own send.
    expect((await outboxOf(ana)).some((m) => m.subject.includes('12'))).toBe(false);
  });

  it('with the preference off, nothing is mailed (the notification is closed as skipped); back on, mail again', async () => {
    await setPreferences(bea, 'pt', false);
    const before = (await outboxOf(bea)).length;
    const off = await send(ana, bea, '3.00');
    await runJobTick(services);
    expect(await outboxOf(bea)).toHaveLength(before);
    const [row] = await api.fresh.database.rows<{ status: string }>(
      sql`SELECT status FROM notifications WHERE payment_id = ${off.payment_id}`,
    );
    expect(row?.status).toBe('skipped');
    await setPreferences(bea, 'pt', true);
    await send(ana, bea, '4.00');
    await runJobTick(services);
    const mails = await outboxOf(bea);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toBe(`Você recebeu US$\u00a04,00 de @${ana.username}`);
  });

  it('a request, its reminder and its payment: the payer is asked twice, the requester told when paid', async () => {
    await setPreferences(ana, 'en', true);
    await setPreferences(bea, 'en', true);
    const anaBefore = (await outboxOf(ana)).length;
    const beaBefore = (await outboxOf(bea)).length;
    const request = (await client.request(bea, { receiverUserId: ana.id, amount: '20.00', message: 'concert tickets' })).json().data[0];
    await runJobTick(services);
    let anaMails = await outboxOf(ana);
    expect(anaMails).toHaveLength(anaBefore + 1);
    expect(anaMails[0]!.subject).toBe(`@${bea.username} requests $20.00`);
    expect(anaMails[0]!.body).toContain('concert tickets');

    api.clock.setOffset(api.clock.offset + 24 * HOUR + 1_000);
    await client.refresh(ana, bea);
    expect((await client.remind(bea, request.payment_id)).statusCode).toBe(200);
    await runJobTick(services);
    anaMails = await outboxOf(ana);
    expect(anaMails).toHaveLength(anaBefore + 2);
    expect(anaMails[0]!.subject).toBe(`Reminder: @${bea.username} requests $20.00`);

    const paid = await client.send(ana, { receiverUserId: bea.id, amount: '20.00', paymentMethodId: 'balance', paymentId: request.payment_id });
    expect(paid.statusCode).toBe(200);
    await runJobTick(services);
    const beaMails = await outboxOf(bea);
    expect(beaMails).toHaveLength(beaBefore + 1);
    expect(beaMails[0]!.subject).toBe(`You received $20.00 from @${ana.username}`);
    expect(await outboxOf(ana)).toHaveLength(anaBefore + 2);
  });

  it('a price point: the creator is told of the order, the fan of the reply', async () => {
    await setPreferences(ana, 'en', true);
    await setPreferences(bea, 'es', true);
    const pricePointId = await createPricePoint(api.fresh.database.db, {
      creatorUserId: bea.id,
      priceCents: 7_00,
      description: 'a sketch of you',
      mediaType: 'photo',
      now: api.clock.now(),
    });
    const anaBefore = (await outboxOf(ana)).length;
    const beaBefore = (await outboxOf(bea)).length;
    const bought = await client.send(ana, { receiverUserId: bea.id, amount: '7.00', paymentMethodId: 'balance', pricePointId });
    expect(bought.statusCode).toBe(201);
    const paymentId = bought.json().data[0].payment_id as string;
    await runJobTick(services);
    const beaMails = await outboxOf(bea);
    expect(beaMails).toHaveLength(beaBefore + 1);
    expect(beaMails[0]!.subject).toBe(`@${ana.username} pagó 7,00\u00a0US$ por tu punto de precio`);
    expect(beaMails[0]!.body).toContain('a sketch of you');
    expect(beaMails[0]!.body).toContain('72');

    const mediaId = await createTestMedia(api.fresh.database, bea.id, 'photo', api.clock.now());
    expect((await client.message(bea, { paymentId, message: 'here it is', messageMediaId: mediaId })).statusCode).toBe(201);
    await runJobTick(services);
    const anaMails = await outboxOf(ana);
    expect(anaMails).toHaveLength(anaBefore + 1);
    expect(anaMails[0]!.subject).toBe(`@${bea.username} replied to your price point`);
    expect(anaMails[0]!.body).toContain('the photo');
  });

  it('two runners at once and a delivery repeated after a lost answer still make one mail per payment', { timeout: 120_000 }, async () => {
    await setPreferences(bea, 'en', true);
    const before = (await outboxOf(bea)).length;
    for (let i = 0; i < 10; i++) await send(ana, bea, `1.${String(i).padStart(2, '0')}`);
    // The first hand-over of every mail "loses its answer": the mail is stored, but the job is told it failed and
    // retries later, handing the same message over again.
    const outbox = new OutboxMailer(api.fresh.database.db, api.clock, { printBody: false });
    const answered = new Set<string>();
    const flaky: Mailer = {
      async send(message: EmailMessage) {
        await outbox.send(message);
        if (!answered.has(message.key!)) {
          answered.add(message.key!);
          throw new Error('connection reset after the message was handed over');
        }
      },
    };
    // What the runners log: job ids and outcomes, never the address or the mail.
    const logged: string[] = [];
    const log = { info: (fields: object, message: string) => logged.push(JSON.stringify(fields) + message), error: (fields: object, message: string) => logged.push(JSON.stringify({ ...fields, err: String((fields as { err?: unknown }).err) }) + message) };
    const two = [{ ...services, mailer: flaky, log }, { ...services, mailer: flaky, log }];
    await Promise.all(two.map((s) => runJobTick(s)));
    expect(answered.size).toBe(10);
    expect(await outboxOf(bea)).toHaveLength(before + 10);
    api.clock.setOffset(api.clock.offset + HOUR);
    await client.refresh(ana, bea);
    await Promise.all(two.map((s) => runJobTick(s)));
    expect(await outboxOf(bea)).toHaveLength(before + 10);
    const [pending] = await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM notifications WHERE status = 'pending'`);
    expect(Number(pending!.n)).toBe(0);
    const [failed] = await api.fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM jobs WHERE kind = 'notification_mail' AND status <> 'done'`);
    expect(Number(failed!.n)).toBe(0);
    expect(logged.filter((line) => line.includes('job failed'))).toHaveLength(10);
    expect(logged.join('\n')).not.toContain('@example.com');
    expect(logged.join('\n')).not.toContain(bea.username);
  });

  it('a hole in the trail (a transaction not yet committed) holds the cursor; a line filling it late is still mailed', async () => {
    await setPreferences(bea, 'en', true);
    await runJobTick(services);
    const before = (await outboxOf(bea)).length;
    // Take an id as a transaction in flight would, then commit a later line.
    const [hole] = await api.fresh.database.rows<{ id: string }>(sql`SELECT nextval('payment_events_id_seq') AS id`);
    const later = await send(ana, bea, '2.22');
    const { queued } = await scanPaymentEvents(services);
    expect(queued).toBe(1);
    const [cursor] = await api.fresh.database.rows<{ last_event_id: string }>(sql`SELECT last_event_id FROM notification_cursor`);
    expect(Number(cursor!.last_event_id)).toBe(Number(hole!.id) - 1);
    await runDueJobs(services);
    expect(await outboxOf(bea)).toHaveLength(before + 1);

    // The late transaction commits: its payment to bea, completed, with its trail line under the id it took.
    await api.fresh.database.rows(sql`
      INSERT INTO payments (id, kind, status, sender_user_id, receiver_user_id, created_by_user_id, amount_cents, fee_cents,
                            payment_method_id, created_at, updated_at)
      VALUES (${LATE_ID}, 'send', 'complete', ${ana.id}, ${bea.id}, ${ana.id}, 555, 0, 'balance', ${api.clock.now().toISOString()}::timestamptz,
              ${api.clock.now().toISOString()}::timestamptz)`);
    await api.fresh.database.rows(sql`
      INSERT INTO payment_events (id, payment_id, from_status, to_status, event, actor_user_id, reason, occurred_at)
      VALUES (${Number(hole!.id)}, ${LATE_ID}, 'created', 'complete', 'PAY_FROM_BALANCE', ${ana.id}, 'committed late',
              ${api.clock.now().toISOString()}::timestamptz)`);
    await runJobTick(services);
    const mails = await outboxOf(bea);
    expect(mails.filter((m) => m.subject.includes('$5.55'))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.includes('$2.22'))).toHaveLength(1);

    // A hole that is never filled (a rollback) is given up once the line after it is older than the grace.
    const [rolledBack] = await api.fresh.database.rows<{ id: string }>(sql`SELECT nextval('payment_events_id_seq') AS id`);
    await send(ana, bea, '1.11');
    await runJobTick(services);
    const stuck = await api.fresh.database.rows<{ last_event_id: string }>(sql`SELECT last_event_id FROM notification_cursor`);
    expect(Number(stuck[0]!.last_event_id)).toBe(Number(rolledBack!.id) - 1);
    api.clock.setOffset(api.clock.offset + GAP_GRACE_MS);
    await runJobTick(services);
    const moved = await api.fresh.database.rows<{ last_event_id: string; max: string }>(
      sql`SELECT last_event_id, (SELECT max(id) FROM payment_events) AS max FROM notification_cursor`,
    );
    expect(Number(moved[0]!.last_event_id)).toBe(Number(moved[0]!.max));
    expect((await outboxOf(bea)).filter((m) => m.subject.includes('$1.11'))).toHaveLength(1);
  });
});
