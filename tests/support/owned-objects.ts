import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { ApiHarness } from './api-app';
import { fundWallet, TEST_USER_PASSWORD, type TestUser } from './money';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema/index';
import { destinationsSetADayAgo } from './wallet-client';
import type { ContractOperation } from './contract-operations';

/**
 * What an id in a request points at, by the parameter's (or top-level body property's) name. The access matrix
 * checks every `owned` id: the caller's own object is found, anyone else's answers 404. A new id-like parameter
 * that is not listed here fails the matrix until someone says what it is, so a new route cannot slip through.
 */
type IdMeaning =
  | { kind: 'owned'; object: string }
  /** Not the caller's by design (another user, a creator's public offer): no ownership to check. */
  | { kind: 'public'; why: string };

const ID_MEANINGS: Record<string, IdMeaning> = {
  userId: { kind: 'public', why: 'the path owner: checked by the other-user rows' },
  receiverUserId: { kind: 'public', why: 'another user is the point of a send or request' },
  pricePointId: { kind: 'public', why: "a creator's price point is offered to everyone" },
  contactUserId: { kind: 'public', why: 'another user is the point of adding a contact' },
  username: { kind: 'public', why: 'a public pay page is public by design (display fields only)' },
  profileUserId: { kind: 'public', why: "a user's avatar and background image are public, like their pay page" },
  month: { kind: 'public', why: "a calendar month (YYYY-MM) names no object: whose statement is the path's userId" },
  paymentId: { kind: 'owned', object: 'payment' },
  supporterPaymentId: { kind: 'owned', object: 'supporter' },
  paymentMethodId: { kind: 'owned', object: 'paymentMethod' },
  messageMediaId: { kind: 'owned', object: 'media' },
  cardId: { kind: 'owned', object: 'paymentMethod' },
  deposit: { kind: 'owned', object: 'deposit' },
  withdrawal: { kind: 'owned', object: 'withdrawal' },
  mediaId: { kind: 'owned', object: 'media' },
};

type IdLocation = 'path' | 'query' | 'body';

export interface IdParameter {
  name: string;
  in: IdLocation;
  meaning: IdMeaning | undefined;
}

const looksLikeId = (name: string, schema: Record<string, unknown> | undefined) =>
  /(^id$|Id$)/.test(name) || schema?.format === 'uuid';

/** The id-like inputs of an operation: path parameters, uuid or `…Id` query parameters and top-level body fields. */
export function idParametersOf(op: ContractOperation): IdParameter[] {
  const out: IdParameter[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path' || (p.in === 'query' && looksLikeId(p.name, p.schema))) {
      out.push({ name: p.name, in: p.in, meaning: ID_MEANINGS[p.name] });
    }
  }
  const properties = (op.body?.schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, schema] of Object.entries(properties)) {
    if (looksLikeId(name, schema)) out.push({ name, in: 'body', meaning: ID_MEANINGS[name] });
  }
  return out;
}

/**
 * An object of the kind named, owned by `owner` (the caller of the own-object request) or by strangers only; and the
 * other fields a request about it must carry to get past the checks that come before ownership.
 */
interface ObjectFixture {
  id: string;
  fields: Record<string, unknown>;
}

export interface FixtureContext {
  api: ApiHarness;
  /** A fresh signed-in user, for the other party of an object. */
  newUser(): Promise<TestUser>;
  has(operationId: string): boolean;
}

type Maker = (ctx: FixtureContext, owner: TestUser) => Promise<ObjectFixture>;

/** A payment request from a fresh requester to `owner`: `owner` is its payer, a party to it. */
const payment: Maker = async (ctx, owner) => {
  const requester = await ctx.newUser();
  const res = await ctx.api.inject({
    method: 'POST',
    url: `/api/app/user/${requester.id}/payment/request/?lang=en`,
    headers: { authtoken: requester.token },
    payload: { receiverUserId: owner.id, amount: '1.00', message: 'access matrix fixture' },
  });
  if (res.statusCode !== 201) throw new Error(`payment fixture: ${res.statusCode} ${res.body}`);
  // Paying it names a method: exactly one of paymentMethodId and newCard (issue 22); the balance is the one that is
  // always there (only operations whose body has the field get it).
  return { id: res.json().data[0].payment_id, fields: { receiverUserId: requester.id, amount: '1.00', paymentMethodId: 'balance' } };
};

/** A tip to `owner` that its payer chose to show on `owner`'s page: an entry of `owner`'s supporters wall. */
const supporter: Maker = async (ctx, owner) => {
  const fan = await ctx.newUser();
  await fundWallet(ctx.api.fresh.database, fan.id, 10_00, ctx.api.clock.now());
  const res = await ctx.api.inject({
    method: 'POST',
    url: `/api/app/user/${fan.id}/payment/send/?lang=en`,
    headers: { authtoken: fan.token, 'idempotency-key': randomUUID() },
    payload: { receiverUserId: owner.id, amount: '1.00', paymentMethodId: 'balance', message: 'access matrix fixture', showOnPage: true },
  });
  if (res.statusCode !== 201) throw new Error(`supporter fixture: ${res.statusCode} ${res.body}`);
  return { id: res.json().data[0].payment_id, fields: {} };
};

/** A card added by `owner` through the cards API (the sandbox's always-good number). */
const paymentMethod: Maker = async (ctx, owner) => {
  const res = await ctx.api.inject({
    method: 'POST',
    url: `/api/app/user/${owner.id}/payment-methods/cards?lang=en`,
    headers: { authtoken: owner.token },
    payload: {
      nameOnCard: 'Ann Lee',
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 1,
      cvv: '123',
      country: 'US',
      postalCode: '94107',
    },
  });
  if (res.statusCode !== 201) throw new Error(`card fixture: ${res.statusCode} ${res.body}`);
  // A send or deposit with this card needs a real receiver and an amount every such operation accepts.
  const receiver = await ctx.newUser();
  return { id: res.json().card.id, fields: { receiverUserId: receiver.id, amount: '10.00' } };
};

/** A PNG uploaded by `owner` through the media API. */
const media: Maker = async (ctx, owner) => {
  const res = await ctx.api.inject({
    method: 'POST',
    url: `/api/app/user/${owner.id}/media?lang=en`,
    headers: { authtoken: owner.token, 'content-type': 'image/png' },
    payload: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56, 2)]),
  });
  if (res.statusCode !== 201) throw new Error(`media fixture: ${res.statusCode} ${res.body}`);
  // Media is sent as a message on a payment of the owner's.
  const onPayment = await payment(ctx, owner);
  return { id: res.json().media.id, fields: { paymentId: onPayment.id, message: 'media' } };
};

const ok = async (res: LightMyRequestResponse, what: string) => {
  if (res.statusCode !== 201) throw new Error(`${what} fixture: ${res.statusCode} ${res.body}`);
  return res.json();
};

/** A card deposit of $10 by `owner`, charged to a card of theirs. */
const deposit: Maker = async (ctx, owner) => {
  const card = await paymentMethod(ctx, owner);
  const res = await ctx.api.inject({
    method: 'POST',
    url: `/api/app/user/${owner.id}/deposits/card?lang=en`,
    headers: { authtoken: owner.token, 'idempotency-key': randomUUID() },
    payload: { paymentMethodId: card.id, amount: '10.00' },
  });
  return { id: (await ok(res, 'deposit')).data[0].id, fields: {} };
};

/** A $25 withdrawal by `owner` to a bank account of theirs, from a funded wallet. */
const withdrawal: Maker = async (ctx, owner) => {
  await fundWallet(ctx.api.fresh.database, owner.id, 100_00, ctx.api.clock.now());
  // A withdrawal needs the bank account in the account's own name (letters only, unlike createUser's names).
  await ctx.api.fresh.database.db.update(users).set({ fullName: 'Ann Tester' }).where(eq(users.id, owner.id));
  const bank = await ctx.api.inject({
    method: 'PUT',
    url: `/api/app/user/${owner.id}/bank-account?lang=en`,
    headers: { authtoken: owner.token },
    payload: {
      firstName: 'Ann', lastName: 'Tester', birthdate: '1990-05-17', idType: 'passport', idNumber: 'X1234567',
      addressLine1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', bankCountry: 'US',
      bankName: 'Chase', accountType: 'checking', accountNumber: '000123456789', current_password: TEST_USER_PASSWORD,
    },
  });
  if (bank.statusCode !== 200) throw new Error(`bank account fixture: ${bank.statusCode} ${bank.body}`);
  await destinationsSetADayAgo(ctx.api.fresh.database, owner.id, ctx.api.clock.now());
  const res = await ctx.api.inject({
    method: 'POST',
    url: `/api/app/user/${owner.id}/withdrawals?lang=en`,
    headers: { authtoken: owner.token, 'idempotency-key': randomUUID() },
    payload: { amount: '25.00', destination: 'bank_account' },
  });
  return { id: (await ok(res, 'withdrawal')).data[0].id, fields: {} };
};

/** The makers for the objects the contract has; an operation missing from it means that object does not exist yet. */
export const OBJECT_MAKERS: Record<string, { needs: string; make: Maker }> = {
  payment: { needs: 'requestPayment', make: payment },
  supporter: { needs: 'hideSupporter', make: supporter },
  paymentMethod: { needs: 'addCard', make: paymentMethod },
  media: { needs: 'uploadMedia', make: media },
  deposit: { needs: 'createCardDeposit', make: deposit },
  withdrawal: { needs: 'createWithdrawal', make: withdrawal },
};

export function makerFor(object: string, ctx: FixtureContext): Maker | undefined {
  const maker = OBJECT_MAKERS[object];
  return maker && ctx.has(maker.needs) ? maker.make : undefined;
}
