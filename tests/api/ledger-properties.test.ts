import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { databaseKinds, type FreshDatabase } from '../support/databases';
import { createTestMedia, createUser, fundWallet, type TestUser } from '../support/money';
import { auditLedger } from '../../server/ledger/audit';
import { holds, ledgerAccounts } from '../../server/db/schema/index';
import { DomainError } from '../../server/problems/domain-error';
import { createPricePoint } from '../../server/payments/price-points';
import {
  cancelOrDecline,
  createRequest,
  expireHold,
  postMessage,
  sendPayment,
  type Caller,
} from '../../server/payments/service';
import { CARD_HOLD_MS as HOLD_MS } from '../../domain/limits';

/**
 * Property: random sequences of money commands (fund, send, request + pay, buy a price point, claim, decline,
 * expire) run against the real ledger and payment code and, side by side, against a tiny in-memory model. After
 * every step: the ledger audit is clean (every entry sums to zero, every cached balance equals its postings, no
 * wallet below zero, escrow equals the open holds), every wallet equals the model, and the money of the run is
 * conserved (what was funded = what is in the run's wallets and held).
 */
const USERS = 4;
const RUNS = 200;

interface Model {
  available: number[];
  held: number[];
  funded: number;
  /** Price-point purchases: payer, creator, price, open? */
  purchases: { payer: number; creator: number; cents: number; open: boolean; paymentId: string; mediaId: string }[];
}

interface Real {
  database: FreshDatabase['database'];
  users: TestUser[];
  pricePoints: { creator: number; id: string; cents: number; mediaId: string }[];
  now: Date;
}

async function inTx<T>(real: Real, userIndex: number, work: (c: Caller) => Promise<T>): Promise<T | DomainError> {
  try {
    return await real.database.db.transaction((tx) => work({ tx, now: real.now, userId: real.users[userIndex]!.id }));
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

async function checkInvariants(model: Model, real: Real): Promise<void> {
  expect(await auditLedger(real.database)).toEqual([]);
  const ids = real.users.map((u) => u.id);
  const wallets = await real.database.db
    .select({ userId: ledgerAccounts.userId, cents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'user_wallet'), inArray(ledgerAccounts.userId, ids)));
  const open = await real.database.db
    .select({ userId: holds.userId, cents: holds.amountCents })
    .from(holds)
    .where(and(eq(holds.status, 'open'), inArray(holds.userId, ids)));
  const available = ids.map((id) => wallets.find((w) => w.userId === id)?.cents ?? 0);
  const held = ids.map((id) => open.filter((h) => h.userId === id).reduce((s, h) => s + h.cents, 0));
  expect(available).toEqual(model.available);
  expect(held).toEqual(model.held);
  for (const cents of available) expect(cents).toBeGreaterThanOrEqual(0);
  const total = available.reduce((s, c) => s + c, 0) + held.reduce((s, c) => s + c, 0);
  expect(total).toBe(model.funded);
}

type Cmd = fc.AsyncCommand<Model, Real>;

class Fund implements Cmd {
  constructor(readonly user: number, readonly cents: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await fundWallet(real.database, real.users[this.user]!.id, this.cents, real.now);
    model.available[this.user]! += this.cents;
    model.funded += this.cents;
    await checkInvariants(model, real);
  }
  toString = () => `fund(${this.user}, ${this.cents})`;
}

class Send implements Cmd {
  constructor(readonly from: number, readonly to: number, readonly cents: number) {}
  check = () => this.from !== this.to;
  async run(model: Model, real: Real) {
    const out = await inTx(real, this.from, (c) =>
      sendPayment(c, { receiverUserId: real.users[this.to]!.id, amountCents: this.cents, paymentMethodId: 'balance' }),
    );
    const affordable = model.available[this.from]! >= this.cents;
    expect(out instanceof DomainError ? out.code : 'ok').toBe(affordable ? 'ok' : 'insufficient_funds');
    if (affordable) {
      model.available[this.from]! -= this.cents;
      model.available[this.to]! += this.cents;
    }
    await checkInvariants(model, real);
  }
  toString = () => `send(${this.from} → ${this.to}, ${this.cents})`;
}

class RequestAndPay implements Cmd {
  constructor(readonly requester: number, readonly payer: number, readonly cents: number) {}
  check = () => this.requester !== this.payer;
  async run(model: Model, real: Real) {
    const request = await inTx(real, this.requester, (c) =>
      createRequest(c, { receiverUserId: real.users[this.payer]!.id, amountCents: this.cents, message: 'pls' }),
    );
    if (request instanceof DomainError) throw request;
    const out = await inTx(real, this.payer, (c) =>
      sendPayment(c, {
        receiverUserId: real.users[this.requester]!.id,
        amountCents: this.cents,
        paymentMethodId: 'balance',
        paymentId: request.id,
      }),
    );
    const affordable = model.available[this.payer]! >= this.cents;
    expect(out instanceof DomainError ? out.code : 'ok').toBe(affordable ? 'ok' : 'insufficient_funds');
    if (affordable) {
      model.available[this.payer]! -= this.cents;
      model.available[this.requester]! += this.cents;
    }
    await checkInvariants(model, real);
  }
  toString = () => `request(${this.requester} ← ${this.payer}, ${this.cents}) + pay`;
}

class Buy implements Cmd {
  constructor(readonly payer: number, readonly pricePoint: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const pp = real.pricePoints[this.pricePoint]!;
    if (pp.creator === this.payer) return;
    const out = await inTx(real, this.payer, (c) =>
      sendPayment(c, { receiverUserId: real.users[pp.creator]!.id, amountCents: pp.cents, paymentMethodId: 'balance', pricePointId: pp.id }),
    );
    const affordable = model.available[this.payer]! >= pp.cents;
    expect(out instanceof DomainError ? out.code : 'ok').toBe(affordable ? 'ok' : 'insufficient_funds');
    if (!(out instanceof DomainError)) {
      model.available[this.payer]! -= pp.cents;
      model.held[this.payer]! += pp.cents;
      model.purchases.push({ payer: this.payer, creator: pp.creator, cents: pp.cents, open: true, paymentId: out.id, mediaId: pp.mediaId });
    }
    await checkInvariants(model, real);
  }
  toString = () => `buy(${this.payer}, price point ${this.pricePoint})`;
}

class Settle implements Cmd {
  constructor(readonly how: 'claim' | 'decline' | 'expire', readonly pick: number) {}
  check = (model: Readonly<Model>) => model.purchases.length > 0;
  async run(model: Model, real: Real) {
    const p = model.purchases[this.pick % model.purchases.length]!;
    let out: unknown;
    if (this.how === 'claim') {
      out = await inTx(real, p.creator, (c) => postMessage(c, { paymentId: p.paymentId, message: 'here', messageMediaId: p.mediaId }));
    } else if (this.how === 'decline') {
      out = await inTx(real, p.creator, (c) => cancelOrDecline(c, p.paymentId));
    } else {
      out = await real.database.db.transaction((tx) => expireHold(tx, new Date(real.now.getTime() + HOLD_MS + 1_000), p.paymentId));
    }
    if (p.open) {
      expect(out).not.toBeInstanceOf(DomainError);
      p.open = false;
      model.held[p.payer]! -= p.cents;
      if (this.how === 'claim') model.available[p.creator]! += p.cents;
      else model.available[p.payer]! += p.cents;
    } else if (this.how === 'decline') {
      expect((out as DomainError).code).toBe('payment_action_not_allowed');
    }
    await checkInvariants(model, real);
  }
  toString = () => `${this.how}(purchase ${this.pick})`;
}

const user = fc.integer({ min: 0, max: USERS - 1 });
const cents = fc.oneof(fc.integer({ min: 1, max: 3_000 }), fc.constantFrom(1, 99, 100, 1_000));
const commands = fc.commands(
  [
    fc.tuple(user, fc.integer({ min: 1, max: 5_000 })).map(([u, c]) => new Fund(u, c)),
    fc.tuple(user, user, cents).map(([a, b, c]) => new Send(a, b, c)),
    fc.tuple(user, user, fc.integer({ min: 1, max: 49_999 })).map(([a, b, c]) => new RequestAndPay(a, b, c % 3_000 || 1)),
    fc.tuple(user, fc.integer({ min: 0, max: 2 })).map(([u, p]) => new Buy(u, p)),
    fc.tuple(fc.constantFrom('claim' as const, 'decline' as const, 'expire' as const), fc.nat(20)).map(([h, n]) => new Settle(h, n)),
  ],
  { maxCommands: 12 },
);

describe.each(databaseKinds())('ledger properties on $name', (kind) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await kind.open();
  });
  afterAll(() => fresh.dispose());

  it(`${RUNS} random command sequences keep every invariant and match the model`, { timeout: 240_000 }, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        runs++;
        const now = new Date();
        const users: TestUser[] = [];
        for (let i = 0; i < USERS; i++) users.push(await createUser(fresh.database, now));
        const pricePoints: Real["pricePoints"] = [];
        for (const [creator, price] of [
          [0, 5_00],
          [1, 12_34],
          [2, 1],
        ] as const) {
          const id = await createPricePoint(fresh.database.db, { creatorUserId: users[creator]!.id, priceCents: price, description: 'pp', mediaType: 'photo', now });
          // The creator's reply must attach their own photo (messageMediaId is checked).
          pricePoints.push({ creator, id, cents: price, mediaId: await createTestMedia(fresh.database, users[creator]!.id, 'photo', now) });
        }
        const model: Model = { available: Array(USERS).fill(0), held: Array(USERS).fill(0), funded: 0, purchases: [] };
        await fc.asyncModelRun(() => ({ model, real: { database: fresh.database, users, pricePoints, now } }), cmds);
      }),
      { numRuns: RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(RUNS);
  });
});
