import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { runAdmin } from '../../server/roles/admin-command';
import { grantRole } from '../../server/roles/roles';

describe.each(databaseKinds())('auditor role and audit API on $name', (kind) => {
  let api: ApiHarness;
  let client: ReturnType<typeof paymentsClient>;
  let auditor: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let cancelled: string;

  const admin = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(args, api.fresh.database, api.clock.now(), (l) => lines.push(l));
    return { code, lines };
  };
  const get = (u: TestUser | null, url: string) => api.inject({ method: 'GET', url, headers: u ? { authtoken: u.token } : {} });

  beforeAll(async () => {
    api = await startApi(kind);
    client = paymentsClient(api);
    auditor = await createUser(api.fresh.database, api.clock.now());
    alice = await createUser(api.fresh.database, api.clock.now());
    bob = await createUser(api.fresh.database, api.clock.now());
    await fundWallet(api.fresh.database, alice.id, 20_00, api.clock.now());
    cancelled = (await client.request(bob, { receiverUserId: alice.id, amount: '4.00', message: 'book' })).json().data[0].payment_id;
    await client.cancel(bob, cancelled);
  });
  afterAll(() => api.close());

  it('refuses a plain user — even a party to the payment — as if nothing were there (404), and a visitor with 401', async () => {
    for (const url of [`/api/app/audit/payment/${cancelled}`, '/api/app/audit/ledger']) {
      const res = await get(bob, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
      expect((await get(null, url)).statusCode).toBe(401);
    }
  });

  it('grant-auditor gives the role by email (any case), once; a stranger’s email and a wrong command exit 2', async () => {
    expect(await admin('grant-auditor', `  ${auditor.username.toUpperCase()}@EXAMPLE.COM `)).toEqual({
      code: 0,
      lines: [`${auditor.username}@example.com (${auditor.id}) is now an auditor`],
    });
    expect((await admin('grant-auditor', `${auditor.username}@example.com`)).lines[0]).toMatch(/was already an auditor$/);
    expect(await admin('grant-auditor', 'nobody@example.com')).toEqual({ code: 2, lines: ['no user with the email nobody@example.com'] });
    expect((await admin('make-god', 'x@example.com')).code).toBe(2);
    expect((await admin('grant-auditor')).code).toBe(2);
  });

  it('shows the auditor a cancelled request’s whole trail, checked, with no entries', async () => {
    const res = await get(auditor, `/api/app/audit/payment/${cancelled}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payment).toMatchObject({ payment_id: cancelled, type: 'request', status: 'cancelled', amount: '4.00', sender_user_id: alice.id, receiver_user_id: bob.id });
    expect(body.trail.map((s: { from_status: string | null; event: string; to_status: string; role: string }) => `${s.from_status ?? '∅'} -${s.event}(${s.role})-> ${s.to_status}`)).toEqual([
      '∅ -CREATE(receiver)-> created',
      'created -REQUEST(receiver)-> requested',
      'requested -CANCEL(receiver)-> cancelled',
    ]);
    expect(body.trail.every((s: { allowed: boolean }) => s.allowed)).toBe(true);
    expect(body.trail[2]).toMatchObject({ actor: bob.id, reason: 'cancelled by the requester' });
    expect(body.entries).toEqual([]);
    expect(body.problems).toEqual([]);
  });

  it('shows a paid payment’s balanced entry, and 404 for a payment that does not exist', async () => {
    const sent = (await client.send(alice, { receiverUserId: bob.id, amount: '2.25', paymentMethodId: 'balance', message: 'tip' })).json().data[0].payment_id;
    const body = (await get(auditor, `/api/app/audit/payment/${sent}`)).json();
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({ sum: 0 });
    expect(body.entries[0].postings.map((p: { user_id: string; amount_cents: number }) => [p.user_id, p.amount_cents])).toEqual(
      expect.arrayContaining([[alice.id, -225], [bob.id, 225]]),
    );
    expect((await get(auditor, '/api/app/audit/payment/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('runs the ledger check for the auditor, and names a breach', async () => {
    const sound = (await get(auditor, '/api/app/audit/ledger')).json();
    expect(sound).toMatchObject({ breaches: [], payments: 2, entries: 2 });
    await api.fresh.database.rows(sql`UPDATE payments SET status = 'rejected' WHERE id = ${cancelled}`);
    const broken = (await get(auditor, '/api/app/audit/ledger')).json();
    expect(broken.breaches).toEqual([`payment ${cancelled} is rejected but its last trail event leads to cancelled`]);
  });

  it('no HTTP route grants a role (POST /api/dev/roles is gone); tests grant it in the database as the command does', async () => {
    const carol = await createUser(api.fresh.database, api.clock.now());
    const res = await api.inject({ method: 'POST', url: '/api/dev/roles', payload: { email: `${carol.username}@example.com`, role: 'auditor' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('route_not_found');
    expect((await get(carol, '/api/app/audit/ledger')).statusCode).toBe(404);
    await grantRole(api.fresh.database.db, carol.id, 'auditor', api.clock.now());
    expect((await get(carol, '/api/app/audit/ledger')).statusCode).toBe(200);
  });

  it('revoke-auditor takes the role away: the API refuses again', async () => {
    expect((await admin('revoke-auditor', `${auditor.username}@example.com`)).lines[0]).toMatch(/is no longer an auditor$/);
    expect((await get(auditor, '/api/app/audit/ledger')).statusCode).toBe(404);
  });
});
