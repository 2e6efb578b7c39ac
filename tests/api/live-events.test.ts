import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { walletClient } from '../support/wallet-client';
import { bankAccountBody } from '../support/bank-account-body';
import { users } from '../../server/db/schema/index';
import { WITHDRAWAL_SUBMIT_DELAY_MS } from '../../server/wallet/withdrawals';
import { SANDBOX_USDT_BLOCK_MS, USDT_REQUIRED_CONFIRMATIONS } from '../../server/providers/sandbox/usdt';
import { openEventStream, type OpenStream, type ReadEvent } from '../support/event-stream';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { auditLedger } from '../../server/ledger/audit';
import { SESSION_COOKIE } from '../../domain/product';

/**
 * Issue 23.4: GET /api/app/events. Each suite listens on a port (the stream is read with fetch, as a browser's
 * EventSource reads it); payments are made through the API.
 */
const isPayment = (paymentId: string) => (e: ReadEvent) => e.event === 'payment' && (e.data as { paymentId: string }).paymentId === paymentId;
const isReady = (e: ReadEvent) => e.event === 'ready';
const reaches = (paymentId: string, status: string) => (e: ReadEvent) => isPayment(paymentId)(e) && (e.data as { status: string }).status === status;
const transferReaches = (transferId: string, status: string) => (e: ReadEvent) =>
  e.event === 'transfer' && (e.data as { transferId: string }).transferId === transferId && (e.data as { status: string }).status === status;

/** An event's id, `P-T`: how far the stream has read the payment trail and the transfer trail. */
const cursorOf = (id: string | null) => {
  const [payment, transfer] = String(id).split('-').map(Number);
  return { payment: payment!, transfer: transfer! };
};
const atMost = (a: { payment: number; transfer: number }, b: { payment: number; transfer: number }) =>
  a.payment <= b.payment && a.transfer <= b.transfer;
/** What an event says, without its id: a replay must say each thing once. */
const said = (e: ReadEvent) => `${e.event} ${JSON.stringify(e.data)}`;

async function listenOn(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

describe.each(databaseKinds())('live events on $name', (kind) => {
  let api: ApiHarness;
  let base: string;
  let client: ReturnType<typeof paymentsClient>;
  let wallet: ReturnType<typeof walletClient>;
  let alice: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  const open: OpenStream[] = [];
  const stream = async (u: TestUser, lastEventId?: string) => {
    const s = await openEventStream(base, { token: u.token }, lastEventId);
    open.push(s);
    expect(s.status, JSON.stringify(s.problem)).toBe(200);
    return s;
  };
  /** Closes the streams and waits until the server has seen them go. */
  const closeAll = async (...streams: OpenStream[]) => {
    for (const s of streams) s.close();
    while (api.app.live.openStreams > 0) await new Promise((r) => setTimeout(r, 20));
  };
  const send = async (from: TestUser, to: TestUser, amount: string) => {
    const res = await client.send(from, { receiverUserId: to.id, amount, paymentMethodId: 'balance' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0].payment_id as string;
  };

  beforeAll(async () => {
    api = await startApi(kind, { live: { heartbeatMs: 300, maxStreamsPerUser: 3, replayWindow: 50 } });
    base = await listenOn(api.app);
    client = paymentsClient(api);
    wallet = walletClient(api);
    const now = api.clock.now();
    alice = await createUser(api.fresh.database, now);
    bob = await createUser(api.fresh.database, now);
    eve = await createUser(api.fresh.database, now);
    await fundWallet(api.fresh.database, alice.id, 500_00, now);
    await fundWallet(api.fresh.database, eve.id, 100_00, now);
  }, 120_000);
  afterAll(async () => {
    for (const s of open) s.close();
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  it('no session → 401 problem; a forged token → 401', async () => {
    const none = await openEventStream(base, {});
    expect(none.status).toBe(401);
    expect(none.problem).toMatchObject({ code: 'unauthenticated' });
    const forged = await openEventStream(base, { token: 'forged-token-0000000000000000' });
    expect(forged.status).toBe(401);
  });

  it('a call that does not accept text/event-stream is refused with 406 not_acceptable (a stream would never end for it)', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/app/events?lang=pt', headers: { authtoken: alice.token } });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({ code: 'not_acceptable', detail: 'Este endereço só envia um fluxo de eventos ao vivo (text/event-stream).' });
  });

  it('opens as text/event-stream, by the session cookie as every call, with a ready event that carries an id', async () => {
    const s = await openEventStream(base, { cookie: `${SESSION_COOKIE}=${alice.token}` });
    open.push(s);
    expect(s.status).toBe(200);
    expect(s.contentType).toContain('text/event-stream');
    const ready = await s.next(isReady);
    expect(ready.id).toMatch(/^\d+-\d+$/);
    s.close();
  });

  it("owner scope: both parties hear a payment, a third user never hears it (only their own)", async () => {
    const [a, b, e] = await Promise.all([stream(alice), stream(bob), stream(eve)]);
    await Promise.all([a.next(isReady), b.next(isReady), e.next(isReady)]);
    const paid = await send(alice, bob, '3.00');
    const heardA = await a.next(reaches(paid, 'complete'));
    expect(heardA.data).toEqual({ paymentId: paid, status: 'complete', kind: 'send' });
    expect(heardA.id).toMatch(/^\d+-\d+$/);
    await b.next(reaches(paid, 'complete'));
    // Eve's own payment comes after Alice's: she hears hers, and nothing else before or after it.
    const own = await send(eve, bob, '1.00');
    await e.next(reaches(own, 'complete'));
    await b.next(reaches(own, 'complete'));
    expect(new Set(e.events.filter((x) => x.event === 'payment').map((x) => (x.data as { paymentId: string }).paymentId))).toEqual(new Set([own]));
    expect(a.events.some(isPayment(own))).toBe(false);
    await closeAll(a, b, e);
  });

  it("a message on a payment reaches both parties' streams (no id: a message alone is not replayed), and no one else's", async () => {
    const [a, b, e] = await Promise.all([stream(alice), stream(bob), stream(eve)]);
    await Promise.all([a.next(isReady), b.next(isReady), e.next(isReady)]);
    const paid = await send(alice, bob, '1.50');
    await b.next(reaches(paid, 'complete'));
    const posted = await client.message(bob, { paymentId: paid, message: 'Thanks!' });
    expect(posted.statusCode, posted.body).toBe(201);
    const isMessage = (x: ReadEvent) => x.event === 'message' && (x.data as { paymentId: string }).paymentId === paid;
    for (const s of [a, b]) expect((await s.next(isMessage)).id).toBeNull();
    // Eve hears her own payment, sent after the message, and nothing of Alice and Bob's.
    const own = await send(eve, alice, '0.50');
    await e.next(reaches(own, 'complete'));
    expect(e.events.some((x) => x.event === 'message')).toBe(false);
    await closeAll(a, b, e);
  });

  it('a request and its cancel reach the one asked', async () => {
    const b = await stream(bob);
    await b.next(isReady);
    const asked = await client.request(alice, { receiverUserId: bob.id, amount: '2.00', message: 'tea' });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().data[0].payment_id as string;
    expect((await b.next(reaches(id, 'requested'))).data).toMatchObject({ kind: 'request' });
    expect((await client.cancel(alice, id)).statusCode).toBe(200);
    await b.next(reaches(id, 'cancelled'));
    await closeAll(b);
  });

  /** The due jobs, then what the job runner does after each (start-server.ts): the streams are told. */
  const runJobs = async () => {
    await wallet.jobs();
    api.app.live.changed();
  };

  it("a card deposit's changes reach its owner's stream only: processing when made, complete when the capture job commits", async () => {
    const [b, e] = await Promise.all([stream(bob), stream(eve)]);
    await Promise.all([b.next(isReady), e.next(isReady)]);
    const card = await wallet.cardOf(bob);
    const before = Number((await wallet.balance(bob)).available);
    const made = await wallet.cardDeposit(bob, { paymentMethodId: card, amount: '20.00' });
    expect(made.statusCode, made.body).toBe(201);
    const depositId = made.json().data[0].id as string;
    expect((await b.next(transferReaches(depositId, 'processing'))).data).toEqual({ kind: 'deposit', transferId: depositId, status: 'processing' });
    await runJobs();
    const complete = await b.next(transferReaches(depositId, 'complete'));
    expect(complete.id).toMatch(/^\d+-\d+$/);
    expect(Number((await wallet.balance(bob)).available)).toBeCloseTo(before + 20, 2);
    // Eve hears her own payment, made after the deposit completed, and no transfer at all.
    const own = await send(eve, alice, '0.25');
    await e.next(reaches(own, 'complete'));
    expect(e.events.filter((x) => x.event === 'transfer')).toEqual([]);
    await closeAll(b, e);
  });

  it('a sandbox USDT deposit that completes while the stream is away is replayed once, interleaved with payments; from any event id, exactly what came after it', { timeout: 60_000 }, async () => {
    const live = await stream(bob);
    await live.next(isReady);
    // Payments and a USDT deposit's lines interleave, each committed (and read by the hub) in its own turn.
    const first = await send(alice, bob, '0.30');
    await live.next(reaches(first, 'complete'));
    const arrived = await wallet.simulateUsdt(bob.id, '5.00');
    expect(arrived.statusCode, arrived.body).toBe(201);
    const depositId = arrived.json().deposit.id as string;
    await live.next(transferReaches(depositId, 'created'));
    const second = await send(alice, bob, '0.40');
    await live.next(reaches(second, 'complete'));
    api.clock.setOffset(api.clock.offset + SANDBOX_USDT_BLOCK_MS * (USDT_REQUIRED_CONFIRMATIONS + 1) + 1000);
    await client.refresh(alice, bob, eve);
    // A confirmation job moves it a step per run: processing, then complete.
    for (let i = 0; i < 5 && !live.events.some(transferReaches(depositId, 'complete')); i++) {
      await runJobs();
      await new Promise((r) => setTimeout(r, 100));
    }
    await live.next(transferReaches(depositId, 'complete'));
    const third = await send(alice, bob, '0.50');
    await live.next(reaches(third, 'complete'));
    const heard = live.events.filter((e) => e.event !== 'ready');
    const started = live.events.find(isReady)!;
    await closeAll(live);
    expect(heard.filter(transferReaches(depositId, 'complete'))).toHaveLength(1);
    // The ids only move forward, in both parts.
    for (let i = 1; i < heard.length; i++) expect(atMost(cursorOf(heard[i - 1]!.id), cursorOf(heard[i]!.id)), `${heard[i - 1]!.id} ≤ ${heard[i]!.id}`).toBe(true);
    // From the opening's id and from each event's: the replay says exactly what came after it, each thing once.
    const points = [started, ...heard];
    for (let k = 0; k < points.length; k++) {
      const again = await stream(bob, points[k]!.id!);
      await again.next(isReady);
      const replayed = again.events.filter((e) => e.event !== 'ready').map(said);
      expect(replayed.sort(), `from ${points[k]!.id}`).toEqual(heard.slice(k).map(said).sort());
      await closeAll(again);
    }
    expect(heard.map(said).filter((x) => x.includes(depositId))).toEqual(
      ['created', 'processing', 'complete'].map((status) => said({ id: null, event: 'transfer', data: { kind: 'deposit', transferId: depositId, status } })),
    );
  });

  it("a withdrawal's changes reach its owner's stream only: created when asked, processing when the job submits it", { timeout: 60_000 }, async () => {
    // Alice's bank account in her own name, open for withdrawals a day after it was saved.
    await api.fresh.database.db.update(users).set({ fullName: 'Ann Tester' }).where(eq(users.id, alice.id));
    const saved = await wallet.putBank(alice, bankAccountBody());
    expect(saved.statusCode, saved.body).toBe(200);
    api.clock.setOffset(api.clock.offset + 24 * 60 * 60_000 + 1000);
    await client.refresh(alice, bob, eve);
    const [a, e] = await Promise.all([stream(alice), stream(eve)]);
    await Promise.all([a.next(isReady), e.next(isReady)]);
    const asked = await wallet.withdraw(alice, { amount: '25.00', destination: 'bank_account' });
    expect(asked.statusCode, asked.body).toBe(201);
    const withdrawalId = asked.json().data[0].id as string;
    expect((await a.next(transferReaches(withdrawalId, 'created'))).data).toEqual({ kind: 'withdrawal', transferId: withdrawalId, status: 'created' });
    api.clock.setOffset(api.clock.offset + WITHDRAWAL_SUBMIT_DELAY_MS + 1000);
    await client.refresh(alice, bob, eve);
    await runJobs();
    await a.next(transferReaches(withdrawalId, 'processing'));
    // Eve hears her own payment, made after, and no transfer at all.
    const own = await send(eve, bob, '0.20');
    await e.next(reaches(own, 'complete'));
    expect(e.events.filter((x) => x.event === 'transfer')).toEqual([]);
    await closeAll(a, e);
  });

  it("an id this server did not give (an older server's plain number, or anything else) → reset: the client refetches", async () => {
    for (const id of ['12', 'x-1']) {
      const s = await stream(bob, id);
      await s.next((e) => e.event === 'reset');
      expect(s.events.filter((e) => e.event === 'payment' || e.event === 'transfer')).toEqual([]);
      await closeAll(s);
    }
  });

  it('a reconnect with Last-Event-ID misses nothing: the changes made while away are replayed from the database', async () => {
    const first = await stream(bob);
    const ready = await first.next(isReady);
    await closeAll(first);
    const away = [await send(alice, bob, '1.10'), await send(alice, bob, '1.20')];
    const again = await stream(bob, ready.id!);
    for (const id of away) await again.next(isPayment(id));
    await again.next(isReady);
    // In order, each with an id at most the next one's (both parts).
    const ids = again.events.map((e) => cursorOf(e.id));
    for (let i = 1; i < ids.length; i++) expect(atMost(ids[i - 1]!, ids[i]!), `${again.events[i - 1]!.id} ≤ ${again.events[i]!.id}`).toBe(true);
    // And from the last id it gave, a reconnect replays nothing of these again.
    const last = again.events.at(-1)!.id!;
    again.close();
    const third = await stream(bob, last);
    await third.next(isReady);
    expect(third.events.filter((e) => e.event === 'payment')).toEqual([]);
    await closeAll(third, again);
  });

  it('a Last-Event-ID too far behind gets reset (the client refetches) instead of a replay', async () => {
    const first = await stream(bob);
    const ready = await first.next(isReady);
    await closeAll(first);
    // More trail lines than the window (50 in this suite), all users' together.
    for (let i = 0; i < 26; i++) await send(alice, eve, '0.01');
    for (let i = 0; i < 26; i++) await send(eve, alice, '0.01');
    const again = await stream(bob, ready.id!);
    const reset = await again.next((e) => e.event === 'reset');
    expect(cursorOf(reset.id).payment).toBeGreaterThan(cursorOf(ready.id).payment);
    expect(again.events.filter((e) => e.event === 'payment')).toEqual([]);
    await closeAll(again);
  });

  it('heartbeat comments keep an idle stream open', async () => {
    const s = await stream(eve);
    await s.next(isReady);
    while (s.comments.length < 2) await new Promise((r) => setTimeout(r, 100));
    expect(s.comments[0]).toBe('keep-alive');
    await closeAll(s);
  });

  it('at most 3 open streams per user here: the next is refused with 429 too_many_event_streams; a closed one frees a place', async () => {
    const three = [await stream(alice), await stream(alice), await stream(alice)];
    await Promise.all(three.map((s) => s.next(isReady)));
    const refused = await openEventStream(base, { token: alice.token }, undefined);
    expect(refused.status).toBe(429);
    expect(refused.problem).toMatchObject({ code: 'too_many_event_streams', status: 429 });
    expect(String(refused.problem?.detail)).toContain('Too many live connections');
    three[0]!.close();
    while (api.app.live.openStreams > 2) await new Promise((r) => setTimeout(r, 20));
    const fourth = await stream(alice);
    await fourth.next(isReady);
    await closeAll(...open);
  });

  it('a stream ends after its lifetime; the reconnection is authenticated afresh (a session signed out meanwhile gets 401)', { timeout: 30_000 }, async () => {
    const config = loadConfig({ NODE_ENV: 'test', MEDIA_DIR: api.mediaDir });
    const other = await buildApp({ config, database: api.fresh.database, clock: api.clock, webDir: null, live: { maxLifetimeMs: 300 } });
    const url = await listenOn(other);
    try {
      const carol = await createUser(api.fresh.database, api.clock.now());
      const s = await openEventStream(url, { token: carol.token });
      const ready = await s.next(isReady);
      await s.ended;
      const out = await other.inject({ method: 'POST', url: `/api/app/user/${carol.id}/logout/`, headers: { authtoken: carol.token } });
      expect(out.statusCode, out.body).toBeLessThan(300);
      const again = await openEventStream(url, { token: carol.token }, ready.id!);
      expect(again.status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('a graceful stop is not held by open streams: they end, and the app closes', { timeout: 30_000 }, async () => {
    const config = loadConfig({ NODE_ENV: 'test', MEDIA_DIR: api.mediaDir });
    const other = await buildApp({ config, database: api.fresh.database, clock: api.clock, webDir: null });
    const url = await listenOn(other);
    const s = await openEventStream(url, { token: bob.token });
    await s.next(isReady);
    const started = Date.now();
    await other.close();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('at most 60 openings per user in 10 minutes, counted across instances: the 61st → 429 too_many_attempts with Retry-After, localised; 10 minutes later, again', { timeout: 90_000 }, async () => {
    const dan = await createUser(api.fresh.database, api.clock.now());
    const first = await stream(dan);
    // The stream itself: kept by no cache, rewritten (compressed, buffered) by no proxy.
    expect(first.headers.get('cache-control')).toBe('private, no-store, no-transform');
    await first.next(isReady);
    await closeAll(first);
    // Closed and opened again, one at a time: never more than one open, so only the openings are counted.
    for (let i = 2; i <= 60; i++) await closeAll(await stream(dan));
    const refused = await openEventStream(base, { token: dan.token }, undefined, { lang: 'es' });
    expect(refused.status).toBe(429);
    expect(refused.contentType).toContain('application/problem+json');
    expect(refused.problem).toMatchObject({ code: 'too_many_attempts', status: 429, detail: 'Demasiados intentos. Inténtalo de nuevo en 10 minutos.' });
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(api.app.live.openStreams).toBe(0);
    // Another instance on the same database counts the same openings.
    const config = loadConfig({ NODE_ENV: 'test', MEDIA_DIR: api.mediaDir });
    const other = await buildApp({ config, database: api.fresh.database, clock: api.clock, webDir: null });
    try {
      const there = await openEventStream(await listenOn(other), { token: dan.token }, undefined, { lang: 'pt' });
      expect(there.status).toBe(429);
      expect(there.problem).toMatchObject({ code: 'too_many_attempts', detail: 'Muitas tentativas. Tente novamente em 10 minutos.' });
    } finally {
      await other.close();
    }
    // Per user: someone else opens as usual.
    const eves = await stream(eve);
    await eves.next(isReady);
    await closeAll(eves);
    // Once the first openings have left the window, Dan opens again.
    api.clock.setOffset(api.clock.offset + 10 * 60_000 + 1000);
    const again = await stream(dan);
    await again.next(isReady);
    await closeAll(again);
  });
});

const postgres = databaseKinds().find((k) => k.name === 'postgres');

/** Two app instances on one PostgreSQL database: a change made through one reaches a stream opened on the other. */
if (postgres) describe('live events across two instances on PostgreSQL', () => {
  let api: ApiHarness;
  let second: FastifyInstance;
  let secondUrl: string;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    api = await startApi(postgres);
    const config = loadConfig({ NODE_ENV: 'test', MEDIA_DIR: api.mediaDir });
    second = await buildApp({ config, database: api.fresh.database, clock: api.clock, webDir: null });
    secondUrl = await listenOn(second);
    const now = api.clock.now();
    alice = await createUser(api.fresh.database, now);
    bob = await createUser(api.fresh.database, now);
    await fundWallet(api.fresh.database, alice.id, 50_00, now);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await api?.close();
  });

  it("a payment made through instance A is heard by Bob's stream on instance B (NOTIFY after commit), and replayed there on reconnect; a deposit too", { timeout: 30_000 }, async () => {
    const client = paymentsClient(api);
    const s = await openEventStream(secondUrl, { token: bob.token });
    const ready = await s.next(isReady);
    const res = await client.send(alice, { receiverUserId: bob.id, amount: '4.00', paymentMethodId: 'balance' });
    expect(res.statusCode).toBe(201);
    const id = res.json().data[0].payment_id as string;
    await s.next(reaches(id, 'complete'));
    s.close();
    const again = await openEventStream(secondUrl, { token: bob.token }, ready.id!);
    await again.next(reaches(id, 'complete'));
    await again.next(isReady);
    // A message posted through A reaches Bob's stream on B too.
    const posted = await client.message(alice, { paymentId: id, message: 'Enjoy' });
    expect(posted.statusCode, posted.body).toBe(201);
    await again.next((e) => e.event === 'message' && (e.data as { paymentId: string }).paymentId === id);
    // A deposit Bob makes through A reaches his stream on B too.
    const wallet = walletClient(api);
    const made = await wallet.cardDeposit(bob, { paymentMethodId: await wallet.cardOf(bob), amount: '10.00' });
    expect(made.statusCode, made.body).toBe(201);
    await again.next(transferReaches(made.json().data[0].id as string, 'processing'));
    again.close();
  });
});
