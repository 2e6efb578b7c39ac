import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { verifyEmail } from '../support/accounts';
import { invitations, outbox, phoneVerifications, users } from '../../server/db/schema/index';
import { PHONE_CODE_TTL_MS } from '../../server/people/phone-verification';

/** A number no other test (or earlier run) uses: the per-number rate limit must not carry over. */
let serial = 0;
const freshPhone = () => `+1555${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++serial % 10)}`;

describe.each(databaseKinds())('phone verification, top people and invitations on $name', (kind) => {
  let api: ApiHarness;
  let ana: TestUser;
  let bo: TestUser;
  let cy: TestUser;

  const post = (u: TestUser, path: string, payload: unknown, lang = 'en') =>
    api.inject({ method: 'POST', url: `/api/app/user/${u.id}/${path}?lang=${lang}`, headers: { authtoken: u.token }, payload: payload as object });
  const sendCode = (u: TestUser, phone: string, lang = 'en') => post(u, 'phone/code', { phone }, lang);
  const verify = (u: TestUser, phone: string, code: string, lang = 'en') => post(u, 'phone/verify', { phone, code }, lang);
  const confirm = (u: TestUser, phone: string) => post(u, 'phone/confirm', { phone });
  /** The newest text to a number, as the sandbox SMS provider stored it. */
  async function textedCode(phone: string): Promise<string> {
    const [row] = await api.fresh.database.db.select().from(outbox).where(eq(outbox.recipient, phone)).orderBy(desc(outbox.id)).limit(1);
    expect(row?.channel).toBe('sms');
    return /\b(\d{6})\b/u.exec(row!.body)![1]!;
  }

  beforeAll(async () => {
    api = await startApi(kind);
    ana = await createUser(api.fresh.database, api.clock.now());
    bo = await createUser(api.fresh.database, api.clock.now());
    cy = await createUser(api.fresh.database, api.clock.now());
  });
  afterAll(() => api.close());

  it('texts a code to a number typed with spaces, checks it, and the number is the account only after confirming', async () => {
    const phone = freshPhone();
    const typed = `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5, 8)}-${phone.slice(8)}`;
    const sent = await sendCode(ana, typed);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ phone, expiresInMinutes: PHONE_CODE_TTL_MS / 60_000 });
    const code = await textedCode(phone);
    // Stored hashed: the code is nowhere in the table.
    const [row] = await api.fresh.database.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, ana.id));
    expect(JSON.stringify(row)).not.toContain(code);

    const checked = await verify(ana, phone, code);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({ phone, username: ana.username, full_name: `Test ${ana.username}`, email: `${ana.username}@example.com`, confirmed: false });
    let [user] = await api.fresh.database.db.select().from(users).where(eq(users.id, ana.id));
    expect(user!.phoneNumber).toBeNull();

    const confirmed = await confirm(ana, phone);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().confirmed).toBe(true);
    [user] = await api.fresh.database.db.select().from(users).where(eq(users.id, ana.id));
    expect(user!.phoneNumber).toBe(phone);
    // The account (what /account-info shows) carries the verified number; another account's has none.
    const account = await api.inject({ method: 'GET', url: `/api/app/user/${ana.id}`, headers: { authtoken: ana.token } });
    expect(account.json().phoneNumber).toBe(phone);
    const other = await api.inject({ method: 'GET', url: `/api/app/user/${cy.id}`, headers: { authtoken: cy.token } });
    expect(other.json().phoneNumber).toBeNull();
    // Works once.
    expect((await confirm(ana, phone)).json().code).toBe('phone_not_verified');
    // Another account cannot take the number.
    const taken = await sendCode(bo, phone);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ field: 'phone', message: 'Another account already uses this number.' });
  });

  it("refuses a number without its country code or with too few or too many digits: 'The phone or email is not valid'", async () => {
    for (const phone of ['4155550100', '+1234567', '+1234567890123456', '+0155550100', '+1 415 555 01a0']) {
      const res = await sendCode(bo, phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'phone', message: 'The phone or email is not valid' })]);
    }
    // 8 and 15 digits are the limits, both accepted.
    expect((await sendCode(bo, `+1${String(Date.now()).slice(-7)}`)).statusCode).toBe(202);
    expect((await sendCode(bo, `+49${String(Date.now()).slice(-12)}`)).statusCode).toBe(202);
    const es = await sendCode(bo, '123', 'es');
    expect(es.json().errors[0].message).toBe('El teléfono o el correo no es válido');
  });

  it('a resend kills the old code; wrong codes are counted, and the fifth locks the code', async () => {
    const phone = freshPhone();
    await sendCode(cy, phone);
    const first = await textedCode(phone);
    await sendCode(cy, phone);
    const second = await textedCode(phone);
    if (first !== second) {
      const old = await verify(cy, phone, first);
      expect(old.statusCode).toBe(400);
      expect(old.json()).toMatchObject({ code: 'otp_invalid', errors: [{ field: 'code' }] });
    }
    const wrong = second === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(cy, phone, wrong)).json().code);
    expect(answers.at(-1)).toBe('otp_locked');
    // Even the right code is dead now.
    const dead = await verify(cy, phone, second);
    expect(dead.statusCode).toBe(410);
    expect(dead.json().code).toBe('otp_locked');
  });

  it('an expired code is refused and the code proves only the number it was sent to', async () => {
    const phone = freshPhone();
    const dave = await createUser(api.fresh.database, api.clock.now());
    await sendCode(dave, phone);
    const code = await textedCode(phone);
    expect((await verify(dave, freshPhone(), code)).json().code).toBe('otp_invalid');
    api.clock.setOffset(PHONE_CODE_TTL_MS + 1000);
    try {
      const late = await verify(dave, phone, code);
      expect([late.statusCode, late.json().code]).toEqual([410, 'otp_expired']);
    } finally {
      api.clock.setOffset(0);
    }
  });

  it('limits texts per account (5 an hour)', async () => {
    const eve = await createUser(api.fresh.database, api.clock.now());
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await sendCode(eve, freshPhone())).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('top people: whom the caller paid first, never the caller or a contact', async () => {
    const fan = await createUser(api.fresh.database, api.clock.now());
    const star = await createUser(api.fresh.database, api.clock.now());
    await fundWallet(api.fresh.database, fan.id, 100_00, api.clock.now());
    const pay = paymentsClient(api);
    expect((await pay.send(fan, { receiverUserId: star.id, amount: '5.00', paymentMethodId: 'balance' })).statusCode).toBe(201);
    const top = async (u: TestUser) =>
      (await api.inject({ method: 'GET', url: `/api/app/user/${u.id}/people/top`, headers: { authtoken: u.token } })).json().results as {
        userId: string;
      }[];
    const before = await top(fan);
    expect(before[0]).toEqual({ userId: star.id, username: star.username, fullName: `Test ${star.username}`, photo: null });
    expect(before.map((p) => p.userId)).not.toContain(fan.id);
    await api.inject({ method: 'POST', url: `/api/app/user/${fan.id}/contacts`, headers: { authtoken: fan.token }, payload: { contactUserId: star.id } });
    expect((await top(fan)).map((p) => p.userId)).not.toContain(star.id);
    // The star was paid lately: others see them among the top people too.
    expect((await top(ana)).map((p) => p.userId)).toContain(star.id);
  });

  it('invites a friend by email through the mailer with the sign-up link; the address is stored only hashed', async () => {
    const friend = `friend.${Date.now()}@example.com`;
    const res = await post(ana, 'invitations', { email: ` ${friend.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(202);
    const link = res.json().link as string;
    expect(link).toMatch(new RegExp(`/sign-up\\?invited_by=${ana.username}$`, 'u'));
    const [mail] = await api.fresh.database.db.select().from(outbox).where(eq(outbox.recipient, friend)).orderBy(desc(outbox.id));
    expect(mail).toMatchObject({ channel: 'email', subject: `Test ${ana.username} invited you to Tipjar` });
    expect(mail!.body).toContain(link);
    const rows = await api.fresh.database.db.select().from(invitations).where(eq(invitations.inviterUserId, ana.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(friend);
    const bad = await post(ana, 'invitations', { email: 'friend@' }, 'pt');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'email', message: 'O telefone ou e-mail não é válido' });
  });

  it('limits invitations to one address (3 a day, whoever invites)', async () => {
    const friend = `popular.${Date.now()}@example.com`;
    const statuses = [];
    for (const u of [ana, bo, cy, ana]) statuses.push((await post(u, 'invitations', { email: friend })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  /** Signs up through a link with `invited_by` and sets the account up, as the sign-up page and /set-up do. */
  async function signUpInvited(email: string, invitedBy: string | undefined) {
    const created = await api.inject({
      method: 'POST',
      url: '/api/app/user/create/?lang=en',
      remoteAddress: `10.9.${++serial % 250}.${Date.now() % 250}`,
      payload: { email, password: 'Str0ng!pass', ...(invitedBy === undefined ? {} : { invitedBy }) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { user, authToken } = created.json() as { user: { userId: string }; authToken: string };
    const username = `inv_${Date.now().toString(36)}_${serial}`;
    const setUp = await api.inject({
      method: 'PATCH',
      url: `/api/app/user/${user.userId}/set-up?lang=en`,
      headers: { authtoken: authToken },
      payload: { fullName: 'Invited Friend', username, country: 'US', eSignatureConsent: true },
    });
    expect(setUp.statusCode, setUp.body).toBe(200);
    // A complete profile includes the verified email: only then is the newcomer listed as someone's contact.
    await verifyEmail(api, email);
    return { id: user.userId, token: authToken, username };
  }
  const contactNames = async (u: { id: string; token: string }) => {
    const res = await api.inject({ method: 'GET', url: `/api/app/user/${u.id}/contacts`, headers: { authtoken: u.token } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((c: { contact_username: string }) => c.contact_username) as string[];
  };
  const inviterOf = async (id: string) =>
    (await api.fresh.database.db.select({ by: users.invitedByUserId }).from(users).where(eq(users.id, id)))[0]?.by ?? null;

  it('signing up through an emailed invitation records the inviter, and the two become each other’s contacts', async () => {
    const friend = `invited.${Date.now()}@example.com`;
    expect((await post(bo, 'invitations', { email: friend })).statusCode).toBe(202);
    // The link as the friend's browser passes it on (any case, with or without @).
    const newcomer = await signUpInvited(friend.toUpperCase(), `@${bo.username.toUpperCase()}`);
    expect(await inviterOf(newcomer.id)).toBe(bo.id);
    expect(await contactNames(newcomer)).toEqual([bo.username]);
    expect(await contactNames(bo)).toContain(newcomer.username);
  });

  it('a shared link without an emailed invitation: the newcomer gets the inviter, the inviter’s contacts stay theirs', async () => {
    const newcomer = await signUpInvited(`shared.${Date.now()}@example.com`, cy.username);
    expect(await inviterOf(newcomer.id)).toBe(cy.id);
    expect(await contactNames(newcomer)).toEqual([cy.username]);
    expect(await contactNames(cy)).not.toContain(newcomer.username);
  });

  it('a link naming nobody (or nonsense) signs up all the same, with no inviter', async () => {
    for (const invitedBy of ['no_such_person_here', '<script>', '']) {
      const newcomer = await signUpInvited(`alone.${Date.now()}.${serial}@example.com`, invitedBy);
      expect(await inviterOf(newcomer.id)).toBeNull();
      expect(await contactNames(newcomer)).toEqual([]);
    }
    const tooLong = await api.inject({
      method: 'POST',
      url: '/api/app/user/create/?lang=es',
      payload: { email: `long.${Date.now()}@example.com`, password: 'Str0ng!pass', invitedBy: 'x'.repeat(65) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.headers['content-type']).toContain('application/problem+json');
  });
});
