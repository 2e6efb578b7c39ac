import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { call, GOOD_PASSWORD, newEmail } from '../support/accounts';
import { createUser, fundWallet, TEST_USER_PASSWORD, type TestUser } from '../support/money';
import { bankAccountBody } from '../support/bank-account-body';
import { paymentsClient } from '../support/payments-client';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../support/smtp-inbox';
import { runDueJobs, runJobTick, type JobServices } from '../../server/jobs/runner';
import { createMetrics, type Metrics } from '../../server/observability/metrics';

/**
 * Every kind of email the app sends, through SMTP_URL to a real SMTP server (tests/support/smtp-inbox.ts), read back
 * and parsed: who it goes to, its subject, its language, and that the only secret in it is the one it exists to
 * carry. Then a mail server that refuses: the user's request still succeeds, the message is retried by the job
 * queue with backoff, and arrives once.
 *
 * A new kind of mail (a security notice) is added here as one more `it`: trigger it through the API, take it with
 * `mailTo(address)`, and check it with `expectOnlySecret(mail, …)`.
 */
describe.each(databaseKinds())('mail through real SMTP on $name', (kind) => {
  let inbox: SmtpInbox;
  let api: ApiHarness;
  let jobs: JobServices;
  let metrics: Metrics;
  /** Secrets that must never be in any mail: passwords, session tokens, every code and link seen so far. */
  const secrets = new Set<string>([GOOD_PASSWORD]);

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    api = await startApi(kind, { env: { SMTP_URL: inbox.url, PUBLIC_URL: 'https://tipjar.test', MAIL_FROM: 'Tipjar <no-reply@tipjar.test>' } });
    metrics = createMetrics(api.fresh.database, api.clock, { processMetrics: false });
    // As start-server.ts runs them: the app's mailer, job outcomes counted in the metrics (failures logged, here unread).
    jobs = {
      database: api.fresh.database,
      clock: api.clock,
      publicUrl: 'https://tipjar.test',
      mailer: api.app.mailer,
      log: { info() {}, error() {} },
      onJobFinished: (jobKind, outcome, seconds) => metrics.observeJob(jobKind, outcome, seconds),
    };
  });
  afterAll(async () => {
    await api.close();
    await inbox.close();
  });

  const mailsTo = (address: string) => inbox.received.filter((m) => m.envelopeTo.includes(address));
  const mailTo = (address: string): ReceivedMail => {
    const mails = mailsTo(address);
    expect(mails.length, `mails to ${address}`).toBeGreaterThan(0);
    return mails.at(-1)!;
  };
  /** The mail holds `allowed` (its code or link) and none of the other secrets known to the test. */
  const expectOnlySecret = (mail: ReceivedMail, allowed: string[]) => {
    for (const secret of allowed) expect(mail.text).toContain(secret);
    for (const secret of secrets) if (!allowed.includes(secret)) expect(mail.raw, 'a secret leaked into a mail').not.toContain(secret);
    for (const secret of allowed) secrets.add(secret);
  };

  it('sign-up in Spanish: the code in Spanish, to the new address only, with its code and link and nothing else secret', async () => {
    const email = newEmail('es');
    const res = await call(api, { method: 'POST', url: '/api/app/user/create/', body: { email, password: GOOD_PASSWORD }, lang: 'es' });
    expect(res.statusCode).toBe(201);
    secrets.add(res.json().authToken);
    const mail = mailTo(email);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.to).toBe(email);
    const code = /^Tu código de Tipjar: (\d{6})$/.exec(mail.subject)?.[1];
    expect(code, mail.subject).toBeDefined();
    expect(mail.raw).toMatch(/^From: Tipjar <no-reply@tipjar\.test>$/m);
    expectOnlySecret(mail, [code!, `https://tipjar.test/verify-email?email=${encodeURIComponent(email)}&code=${code}`]);

    // A resend: a new code, in the language of that call, and not the old one.
    const resend = await call(api, { method: 'POST', url: '/api/app/user/otp/email/resend/', body: { email }, lang: 'pt' });
    expect(resend.statusCode).toBe(202);
    const again = mailTo(email);
    expect(mailsTo(email)).toHaveLength(2);
    const newCode = /^Seu código do Tipjar: (\d{6})$/.exec(again.subject)?.[1];
    expect(newCode, again.subject).toBeDefined();
    expect(newCode).not.toBe(code);
    expectOnlySecret(again, [newCode!]);
  });

  it('a password reset in Portuguese: the link, one hour, to the account’s address', async () => {
    const user = await createUser(api.fresh.database, api.clock.now());
    secrets.add(user.token);
    const email = `${user.username}@example.com`;
    const res = await call(api, { method: 'POST', url: '/api/app/user/forgot-password', body: { email }, lang: 'pt' });
    expect(res.statusCode).toBe(202);
    const mail = mailTo(email);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.subject).toBe('Redefina sua senha do Tipjar');
    const link = /https:\/\/tipjar\.test\/reset-password\?email=[^&\s]+&saltcode=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    expectOnlySecret(mail, [link!]);
  });

  it('an invitation: to the invited address, in the inviter’s language, with the sign-up link and no secret', async () => {
    const inviter = await createUser(api.fresh.database, api.clock.now());
    secrets.add(inviter.token);
    const friend = newEmail('friend');
    const res = await api.inject({
      method: 'POST',
      url: `/api/app/user/${inviter.id}/invitations?lang=es`,
      headers: { authtoken: inviter.token },
      payload: { email: friend },
    });
    expect(res.statusCode, res.body).toBe(202);
    const mail = mailTo(friend);
    expect(mail.envelopeTo).toEqual([friend]);
    expect(mail.subject).toBe(`Test ${inviter.username} te invitó a Tipjar`);
    expectOnlySecret(mail, [`https://tipjar.test/sign-up?`]);
  });

  it('payment notifications, in the receiver’s language (pt): a payment received and a request', async () => {
    const ana = await createUser(api.fresh.database, api.clock.now());
    const bea = await createUser(api.fresh.database, api.clock.now());
    secrets.add(ana.token).add(bea.token);
    await fundWallet(api.fresh.database, ana.id, 100_00, api.clock.now());
    const prefs = await api.inject({
      method: 'PUT',
      url: `/api/app/user/${bea.id}/preferences`,
      headers: { authtoken: bea.token },
      payload: { language: 'pt', emailNotifications: true },
    });
    expect(prefs.statusCode).toBe(200);
    const pay = paymentsClient(api);
    expect((await pay.send(ana, { receiverUserId: bea.id, amount: '12.50', paymentMethodId: 'balance' })).statusCode).toBe(201);
    await runJobTick(jobs);
    const beaEmail = `${bea.username}@example.com`;
    const received = mailTo(beaEmail);
    expect(received.envelopeTo).toEqual([beaEmail]);
    expect(received.subject).toBe(`Você recebeu US$\u00a012,50 de @${ana.username}`);
    expect(received.messageId).toMatch(/@tipjar\.test>$/);
    expectOnlySecret(received, ['https://tipjar.test/transactions/transaction-details?id=']);

    expect((await pay.request(bea, { receiverUserId: ana.id, amount: '20.00', message: 'concert tickets' })).statusCode).toBe(201);
    await runJobTick(jobs);
    const anaEmail = `${ana.username}@example.com`;
    const asked = mailTo(anaEmail);
    expect(asked.subject).toBe(`@${bea.username} requests $20.00`);
    expectOnlySecret(asked, ['concert tickets']);
  });

  it('security notices (issue 21) in the account\'s language (pt), even with notification emails off: an email change to the old address, a new bank account, a linked payout account — each naming the destination masked, no secret', async () => {
    const user = await createUser(api.fresh.database, api.clock.now());
    secrets.add(user.token).add(TEST_USER_PASSWORD);
    const email = `${user.username}@example.com`;
    const as = (method: 'PUT' | 'PATCH' | 'POST', path: string, payload: object) =>
      api.inject({ method, url: `/api/app/user/${user.id}${path}?lang=en`, headers: { authtoken: user.token }, payload });
    // Notifications switched off: security notices are not notifications, they still go.
    expect((await as('PUT', '/preferences', { language: 'pt', emailNotifications: false })).statusCode).toBe(200);

    const newAddress = newEmail('moved');
    const moved = await as('PATCH', '/account-info', { fullName: `Test ${user.username}`, username: user.username, country: 'US', email: newAddress, current_password: TEST_USER_PASSWORD });
    expect(moved.statusCode, moved.body).toBe(200);
    const notice = mailTo(email);
    expect(notice.envelopeTo).toEqual([email]);
    expect(notice.subject).toBe('O e-mail da sua conta Tipjar está sendo alterado');
    expect(notice.text).not.toContain(newAddress);
    expect(notice.text).toContain('https://tipjar.test/help');
    // The code went to the new address only, in the language of the call that asked for it.
    const code = /code is (\d{6})/.exec(mailTo(newAddress).text)?.[1];
    expect(code).toBeDefined();
    secrets.add(code!);
    expectOnlySecret(notice, []);

    const accountNumber = '000123456789';
    secrets.add(accountNumber);
    const saved = await as('PUT', '/bank-account', { ...bankAccountBody({ accountNumber }), current_password: TEST_USER_PASSWORD });
    expect(saved.statusCode, saved.body).toBe(200);
    const bankNotice = mailTo(email);
    expect(bankNotice.subject).toBe('A conta bancária da sua conta Tipjar foi alterada');
    expect(bankNotice.text).toContain('••••6789');
    expectOnlySecret(bankNotice, []);

    const providerPassword = 'Pr0vider!secret-77';
    secrets.add(providerPassword);
    const linked = await as('POST', '/payout-account', { current_password: TEST_USER_PASSWORD, email: 'payouts@example.com', password: providerPassword, bankAccountNumber: '5555 4444' });
    expect(linked.statusCode, linked.body).toBe(200);
    const payoutNotice = mailTo(email);
    expect(payoutNotice.subject).toBe('Uma conta de pagamentos foi vinculada à sua conta Tipjar');
    expect(payoutNotice.text).toContain('••••4444');
    expect(payoutNotice.text).not.toContain('payouts@example.com');
    expectOnlySecret(payoutNotice, []);
  });

  it('a mail server that refuses (451): the request still succeeds, the job queue retries with backoff, the mail arrives once', async () => {
    const user = await createUser(api.fresh.database, api.clock.now());
    const email = `${user.username}@example.com`;
    inbox.refuse = true;
    const res = await call(api, { method: 'POST', url: '/api/app/user/forgot-password', body: { email }, lang: 'en' });
    expect(res.statusCode).toBe(202);
    expect(inbox.refusals).toBe(1);
    expect(mailsTo(email)).toEqual([]);
    const queued = async () =>
      api.fresh.database.rows<{ status: string; attempts: number; has_message: boolean }>(
        sql`SELECT status, attempts, payload ? 'text' AS has_message FROM jobs WHERE kind = 'mail' AND payload->>'to' = ${email}`,
      );
    expect(await queued()).toEqual([{ status: 'pending', attempts: 0, has_message: true }]);

    // Not before its time; then refused again (backoff grows); then taken.
    await runDueJobs(jobs);
    expect(inbox.refusals).toBe(1);
    api.clock.setOffset(api.clock.offset + 5_000);
    await runDueJobs(jobs);
    expect(inbox.refusals).toBe(2);
    expect(await queued()).toEqual([{ status: 'pending', attempts: 1, has_message: true }]);
    api.clock.setOffset(api.clock.offset + 5_000);
    await runDueJobs(jobs);
    expect(inbox.refusals).toBe(2); // the second retry waits 10 s, not 5
    inbox.refuse = false;
    api.clock.setOffset(api.clock.offset + 5_000);
    await runDueJobs(jobs);
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailTo(email).subject).toBe('Reset your Tipjar password');
    // Done, and the link no longer kept in the database.
    const [done] = await api.fresh.database.rows<{ status: string; payload: unknown }>(
      sql`SELECT status, payload FROM jobs WHERE kind = 'mail' ORDER BY id DESC LIMIT 1`,
    );
    expect(done).toEqual({ status: 'done', payload: {} });
    // Visible in the metrics: one retry (the refused attempt of the queue), then done.
    const text = await metrics.registry.metrics();
    expect(text).toContain('tipjar_jobs_total{kind="mail",outcome="retry"} 1');
    expect(text).toContain('tipjar_jobs_total{kind="mail",outcome="done"} 1');
    api.clock.setOffset(api.clock.offset + 3_600_000);
    await runDueJobs(jobs);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('an invitation while the mail server refuses is still a 202, and goes out when the server takes mail again', async () => {
    const inviter = await createUser(api.fresh.database, api.clock.now());
    const friend = newEmail('later');
    inbox.refuse = true;
    const res = await api.inject({ method: 'POST', url: `/api/app/user/${inviter.id}/invitations?lang=en`, headers: { authtoken: inviter.token }, payload: { email: friend } });
    expect(res.statusCode).toBe(202);
    expect(mailsTo(friend)).toEqual([]);
    inbox.refuse = false;
    api.clock.setOffset(api.clock.offset + 5_000);
    await runDueJobs(jobs);
    expect(mailsTo(friend)).toHaveLength(1);
    expect(mailTo(friend).subject).toBe(`Test ${inviter.username} invited you to Tipjar`);
  });

  it('a mail server that is down (connection refused): sign-up still succeeds at once, the code queued for a retry', async () => {
    // A port that was free a moment ago and has nobody listening on it now.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const down = await startApi(kind, { env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://tipjar.test' } });
    try {
      const email = newEmail('down');
      const started = Date.now();
      const res = await call(down, { method: 'POST', url: '/api/app/user/create/', body: { email, password: GOOD_PASSWORD }, lang: 'en' });
      expect(res.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(5_000);
      const queued = await down.fresh.database.rows<{ status: string; subject: string }>(
        sql`SELECT status, payload->>'subject' AS subject FROM jobs WHERE kind = 'mail' AND payload->>'to' = ${email}`,
      );
      expect(queued).toHaveLength(1);
      expect(queued[0]!.status).toBe('pending');
      expect(queued[0]!.subject).toMatch(/^Your Tipjar code: \d{6}$/);
    } finally {
      await down.close();
    }
  });

  it('an expired code is not sent late: the job ends unsent once the code has expired, and forgets it', async () => {
    const email = newEmail('late');
    inbox.refuse = true;
    const res = await call(api, { method: 'POST', url: '/api/app/user/create/', body: { email, password: GOOD_PASSWORD }, lang: 'en' });
    expect(res.statusCode).toBe(201);
    inbox.refuse = false;
    api.clock.setOffset(api.clock.offset + 16 * 60_000);
    await runDueJobs(jobs);
    expect(mailsTo(email)).toEqual([]);
    const [job] = await api.fresh.database.rows<{ status: string; payload: unknown }>(sql`SELECT status, payload FROM jobs WHERE kind = 'mail' ORDER BY id DESC LIMIT 1`);
    expect(job).toEqual({ status: 'done', payload: {} });
  });
});
