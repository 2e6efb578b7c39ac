import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { GOOD_PASSWORD, call, newEmail, newIp } from '../support/accounts';
import { createUser, fundWallet } from '../support/money';
import { createPricePoint } from '../../server/payments/price-points';
import { runDueJobs } from '../../server/jobs/runner';
import { CARD_HOLD_MS as HOLD_MS } from '../../domain/limits';

/**
 * Digit runs that could be a card number: 13-19 digits (spaces or dashes allowed) passing the Luhn check. Not
 * counted: pino's `"time"` (epoch milliseconds), the fraction of a decimal (`"responseTime":165.1135990000039`) and
 * UUIDs (request and user ids), whose digit runs are Luhn-valid one time in ten.
 */
export function cardNumbersIn(text: string): string[] {
  const found: string[] = [];
  const scanned = text
    .replace(/"time":\d+/g, '"time":0')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'uuid');
  for (const match of scanned.matchAll(/(?<![0-9.])(?:[0-9][ -]?){12,18}[0-9](?![0-9]|\.[0-9])/g)) {
    const digits = match[0].replace(/[ -]/g, '');
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) found.push(match[0]);
  }
  return found;
}

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

describe('the card-number detector', () => {
  it('finds Luhn-valid 13-19 digit runs and ignores timestamps and ids', () => {
    expect(cardNumbersIn('paid with 4242 4242 4242 4242 today')).toEqual(['4242 4242 4242 4242']);
    expect(cardNumbersIn('x 5555555555554444 y')).toEqual(['5555555555554444']);
    expect(cardNumbersIn('{"level":30,"time":1795289451969,"responseTime":12.3}')).toEqual([]);
    expect(cardNumbersIn('{"level":30,"msg":"1795289451969"}')).toEqual(['1795289451969']);
    expect(cardNumbersIn('{"responseTime":165.0804219999990892,"reqId":"b3882430-0896-443c-91ac-d58a791d69bf"}')).toEqual([]);
    expect(cardNumbersIn('{"card":4111111111111111,"n":1.5}')).toEqual(['4111111111111111']);
    expect(cardNumbersIn('"url":"/pay?card=4111-1111-1111-1111"')).toEqual(['4111-1111-1111-1111']);
    expect(cardNumbersIn('4242424242424241')).toEqual([]);
  });
});

describe.each(databaseKinds())('structured logs on $name', (kind) => {
  let api: ApiHarness;
  const lines: string[] = [];
  const parsed = () => lines.map((l) => JSON.parse(l) as LogLine);
  beforeAll(async () => {
    api = await startApi(kind, { env: { LOG_LEVEL: 'trace' }, logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(() => api.close());

  it('every response carries its request id, the same one its log lines carry; a sane incoming id is kept', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/app/version' });
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = parsed().filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(typeof mine[1]!.responseTime).toBe('number');

    const kept = await api.inject({ method: 'GET', url: '/api/app/version', headers: { 'x-request-id': 'lb-7f3a9c21.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21.42');
    // A forged id (log-field injection, or just too long) is replaced.
    const forged = await api.inject({ method: 'GET', url: '/api/nowhere', headers: { 'x-request-id': 'a","level":60,"msg":"x' } });
    expect(forged.statusCode).toBe(404);
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('sign-up, code verification, password sign-in and payments leave no password, token, code or card number in the log; a job logs its request’s id', async () => {
    const ip = newIp();
    const secrets: string[] = [GOOD_PASSWORD, 'Wr0ng!guess1'];
    const fan = newEmail('fan');
    const created = await call(api, { method: 'POST', url: '/api/app/user/create/', body: { email: fan, password: GOOD_PASSWORD }, ip });
    expect(created.statusCode).toBe(201);
    const { user } = created.json();
    secrets.push(created.json().authToken);
    const [mail] = await api.fresh.database.rows<{ body: string }>(sql`SELECT body FROM outbox WHERE recipient = ${fan} ORDER BY id DESC LIMIT 1`);
    const code = /code is (\d{6})/.exec(mail!.body)![1]!;
    expect((await call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email: fan, otp: code }, ip })).statusCode).toBe(200);
    expect((await call(api, { method: 'POST', url: '/api/app/user/login/', body: { email: fan, password: 'Wr0ng!guess1' }, ip })).statusCode).toBe(401);
    const login = await call(api, { method: 'POST', url: '/api/app/user/login/', body: { email: fan, password: GOOD_PASSWORD }, ip });
    expect(login.statusCode).toBe(200);
    const token = login.json().authToken as string;
    secrets.push(token);
    const setUp = await call(api, {
      method: 'PATCH',
      url: `/api/app/user/${user.userId}/set-up`,
      token,
      body: { username: `fan${Date.now().toString(36)}`, fullName: 'Fan Person', country: 'US', eSignatureConsent: true },
    });
    expect(setUp.statusCode, setUp.body).toBeLessThan(300);

    // The creator, funded through the ledger, and a price point to buy.
    // Only a set-up user can be paid (issue 21's gate): the creator is made complete in the database.
    const creator = await createUser(api.fresh.database, api.clock.now());
    const creatorId = creator.id;
    secrets.push(creator.token);
    await fundWallet(api.fresh.database, user.userId, 100_00, api.clock.now());
    const pricePointId = await createPricePoint(api.fresh.database.db, {
      creatorUserId: creatorId,
      priceCents: 20_00,
      description: 'a signed photo',
      mediaType: 'photo',
      now: api.clock.now(),
    });
    const send = (body: Record<string, unknown>) =>
      api.inject({
        method: 'POST',
        url: `/api/app/user/${user.userId}/payment/send/`,
        headers: { authtoken: token, 'idempotency-key': randomUUID() },
        payload: body,
      });
    const sent = await send({ receiverUserId: creatorId, amount: '5.00', paymentMethodId: 'balance', message: 'thanks' });
    expect(sent.statusCode, sent.body).toBe(201);
    // A card number pasted where it does not belong is refused — and not echoed into the log.
    const card = '4242 4242 4242 4242';
    expect((await send({ receiverUserId: creatorId, amount: '5.00', paymentMethodId: 'balance', cardNumber: card })).statusCode).toBe(400);
    const bought = await send({ receiverUserId: creatorId, amount: '20.00', paymentMethodId: 'balance', pricePointId });
    expect(bought.statusCode, bought.body).toBe(201);
    const boughtRequestId = String(bought.headers['x-request-id']);

    // 72 hours on, the hold-expiry job runs and logs under the id of the request that bought.
    api.clock.setOffset(HOLD_MS + 1_000);
    const report = await runDueJobs({ database: api.fresh.database, clock: api.clock, log: api.app.log });
    expect(report.ran).toBe(1);
    const jobLine = parsed().find((l) => l.msg === 'job finished');
    expect(jobLine).toMatchObject({ kind: 'expire_hold', outcome: 'done', reqId: boughtRequestId });
    expect(parsed().some((l) => l.reqId === boughtRequestId && l.msg === 'request completed')).toBe(true);

    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(25);
    for (const secret of secrets) expect(text, `a secret (${secret.length} chars) was logged`).not.toContain(secret);
    expect(text).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
    expect(cardNumbersIn(text)).toEqual([]);
    expect(text).not.toContain(fan);
  });
});
