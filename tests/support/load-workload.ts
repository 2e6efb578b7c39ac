import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/database';
import { issueSession } from '../../server/auth/session-tokens';
import { SANDBOX_CARDS } from '../../server/providers/sandbox/card';
import { percentile } from '../../scripts/bench/http-load';
import { createUser, fundWallet, TEST_USER_PASSWORD } from './money';
import { bankAccounts } from '../../server/db/schema/index';
import { DESTINATION_WAIT_MS } from '../../domain/limits';
import { FILES } from './wallet-client';

/**
 * The mixed workload of the load and crash tests: clients of the HTTP API doing what people do with money here —
 * sends, requests and paying or cancelling them, price-point holds and their claim or decline, card and USDT
 * deposits, withdrawals and their cancellation, wallet reads — and remembering every answer they got, so that the
 * database can be checked against it (every acknowledged payment, deposit and withdrawal present; every final status
 * an answer announced still standing). Only the HTTP API is used; accounts are seeded in the database.
 */
export interface Account {
  id: string;
  name: string;
  /** One session per clock epoch (see load-run.ts); index 0 when the clock does not move. */
  tokens: string[];
  card?: Promise<string | null>;
  bank?: Promise<boolean>;
  creator?: { pricePointId: string; priceCents: number; mediaId: string };
}

export type Outcome = { status: number | 'network'; code?: string; body?: any };

export interface OpFigures {
  op: string;
  count: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** `201`, `409 hold_expired`, … → how many. */
  outcomes: Record<string, number>;
}

/** A call whose answer was lost (the server died under it): replayable with its Idempotency-Key, if it had one. */
export interface LostCall {
  op: string;
  key?: string;
  replay?: () => Promise<Outcome>;
  /** Whether the call could have created a payment (bounds the payments nobody acknowledged). */
  createsPayment: boolean;
}

export const FUNDING_CENTS = 5_000_00;

export const centsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/**
 * What each operation may answer under this load besides success: races between clients (a request paid and
 * cancelled at once, a claim after the expiry) and a hot wallet running low are outcomes, anything else — a 5xx, a
 * 401 (the session scheme failing), a 400 (the generator sending garbage) — is a problem.
 */
const ALLOWED: Record<string, string[]> = {
  send: ['201', '422 insufficient_funds'],
  request: ['201'],
  pay: ['200', '409 payment_action_not_allowed', '422 insufficient_funds'],
  cancel: ['200', '409 payment_action_not_allowed'],
  hold: ['201', '422 insufficient_funds'],
  claim: ['201', '409 hold_expired'],
  decline: ['200', '409 payment_action_not_allowed'],
  addCard: ['201'],
  cardDeposit: ['201'],
  usdtDeposit: ['201'],
  putBank: ['200'],
  withdraw: ['201', '422 withdrawal_above_balance'],
  cancelWithdrawal: ['200', '409 withdrawal_not_cancellable'],
  wallet: ['200'],
};

/** Weights of the mix (out of 100). */
const MIX: [string, number][] = [
  ['send', 28],
  ['request', 10],
  ['pay', 9],
  ['cancel', 4],
  ['hold', 12],
  ['claim', 8],
  ['decline', 2],
  ['cardDeposit', 6],
  ['usdtDeposit', 2],
  ['withdraw', 5],
  ['cancelWithdrawal', 2],
  ['wallet', 12],
];
const MIX_TOTAL = MIX.reduce((n, [, w]) => n + w, 0);
const pickOp = () => {
  let r = Math.random() * MIX_TOTAL;
  for (const [op, w] of MIX) if ((r -= w) < 0) return op;
  return 'send';
};
const FINAL = new Set(['complete', 'cancelled', 'rejected', 'expired', 'failed']);

export async function call(base: string, method: string, path: string, token: string | undefined, body?: unknown, key?: string): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (token) headers.authtoken = token;
  if (key) headers['idempotency-key'] = key;
  let payload: string | Uint8Array | undefined;
  if (Buffer.isBuffer(body)) {
    payload = new Uint8Array(body);
    headers['content-type'] = 'application/octet-stream';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  try {
    const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}lang=en`, { method, headers, body: payload as BodyInit | undefined });
    const text = await res.text();
    let parsed: any;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, code: res.status >= 400 ? parsed?.code : undefined, body: parsed };
  } catch {
    return { status: 'network' };
  }
}

const BANK_BODY = {
  firstName: 'Test', birthdate: '1990-05-17', idType: 'passport', idNumber: 'X1234567', addressLine1: '1 Main Street',
  city: 'Springfield', postalCode: '12345', country: 'US', bankCountry: 'US', bankName: 'Chase', accountType: 'checking' as const, accountNumber: '000123456789',
};

/** Accounts made and funded in the database (sign-up is the accounts suite's), with a session per clock epoch. */
export async function seedAccounts(database: Database, count: number, now: number, epochs: number[] = [0]): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let i = 0; i < count; i++) {
    // Letters only: the name is also the bank account holder's and the card's (their rules allow no digits).
    const name = Array.from(randomBytes(10), (b) => String.fromCharCode(97 + (b % 26))).join('');
    const user = await createUser(database, new Date(now), name);
    await fundWallet(database, user.id, FUNDING_CENTS, new Date(now));
    // The bank account the workload's putBank saves again (same destination, so no new wait), set a day ago: the
    // 24-hour wait of a new destination (issue 21) is the wallet suite's to test, not the load's.
    const dayAgo = new Date(now - DESTINATION_WAIT_MS);
    await database.db.insert(bankAccounts).values({
      userId: user.id, ...BANK_BODY, lastName: name, createdAt: dayAgo, updatedAt: dayAgo, destinationChangedAt: dayAgo,
    });
    const tokens = [user.token];
    for (const at of epochs.slice(1)) tokens.push(await issueSession(database.db, user.id, new Date(at)));
    accounts.push({ id: user.id, name: user.username, tokens });
  }
  return accounts;
}

/** Up to `max` creators offer one price point each, with the photo or video that answers it uploaded. */
export async function setUpCreators(base: string, accounts: Account[], max = 40): Promise<void> {
  await Promise.all(
    accounts.slice(0, Math.min(max, accounts.length)).map(async (a, i) => {
      const kind = i % 2 ? 'video' : 'photo';
      const priceCents = between(1, 20) * 100;
      const added = await call(base, 'POST', `/api/app/user/${a.id}/price-points`, a.tokens[0], { price: centsText(priceCents), description: `A ${kind} for you`, media_type: kind });
      const upload = await call(base, 'POST', `/api/app/user/${a.id}/media?name=${kind}`, a.tokens[0], kind === 'photo' ? FILES.jpeg(2048) : FILES.mp4(4096));
      if (added.status !== 201 || upload.status !== 201) throw new Error(`creator setup failed: ${added.status} ${upload.status}`);
      a.creator = { pricePointId: added.body.data[0].id, priceCents, mediaId: upload.body.media.id };
    }),
  );
}

export class Workload {
  readonly problems: string[] = [];
  readonly stats = new Map<string, { latencies: number[]; outcomes: Map<string, number> }>();
  /** Payment id → the final status an answer announced (nothing may change it any more). */
  readonly finalStatus = new Map<string, string>();
  readonly acknowledged = { payments: new Set<string>(), deposits: new Set<string>(), withdrawals: new Set<string>(), cancelledWithdrawals: new Set<string>() };
  readonly lost: LostCall[] = [];
  /** Calls out per session epoch: a clock jump waits until the old epoch's are back. */
  readonly inflight = new Map<number, number>();
  /** Set while the server is being killed: a dropped connection is then a lost answer, not a problem. */
  outage = false;
  epoch = 0;
  private readonly openRequests: { id: string; requester: Account; payer: Account; cents: number }[] = [];
  private readonly openHolds: { id: string; fan: Account; creator: Account }[] = [];
  private readonly createdWithdrawals: { id: string; owner: Account }[] = [];

  constructor(
    private readonly accounts: Account[],
    private readonly base: () => string,
    /** Told of every acknowledged id (the crash test's client log). */
    private readonly onAck: (kind: string, id: string) => void = () => {},
  ) {}

  /** One operation of the mix, picked at random. */
  async step(): Promise<void> {
    await this.ops[pickOp()]!();
  }

  figures(elapsedSeconds: number): OpFigures[] {
    return [...this.stats]
      .map(([op, s]) => {
        const sorted = [...s.latencies].sort((x, y) => x - y);
        return {
          op,
          count: sorted.length,
          perSecond: sorted.length / elapsedSeconds,
          p50Ms: percentile(sorted, 50),
          p99Ms: percentile(sorted, 99),
          outcomes: Object.fromEntries([...s.outcomes].sort((x, y) => y[1] - x[1])),
        };
      })
      .sort((x, y) => y.count - x.count);
  }

  /** Replays every lost call that had an Idempotency-Key (same key, same body); returns how many now stand acknowledged. */
  async replayLost(): Promise<number> {
    const lost = this.lost.splice(0);
    let ok = 0;
    for (const call of lost) {
      if (!call.replay) continue;
      const outcome = await call.replay();
      if (typeof outcome.status === 'number' && outcome.status < 300) ok++;
      else if (outcome.status === 'network' || outcome.status >= 500) this.problems.push(`replay of ${call.op} (${call.key}) answered ${outcome.status}`);
    }
    return ok;
  }

  private ack(kind: 'payments' | 'deposits' | 'withdrawals' | 'cancelledWithdrawals', id: string) {
    this.acknowledged[kind].add(id);
    this.onAck(kind, id);
  }

  private record(op: string, ms: number, outcome: Outcome) {
    let s = this.stats.get(op);
    if (!s) this.stats.set(op, (s = { latencies: [], outcomes: new Map() }));
    s.latencies.push(ms);
    const key = outcome.status === 'network' ? 'network error' : outcome.code ? `${outcome.status} ${outcome.code}` : String(outcome.status);
    s.outcomes.set(key, (s.outcomes.get(key) ?? 0) + 1);
    if (!ALLOWED[op]!.includes(key) && !(this.outage && outcome.status === 'network') && this.problems.length < 50) {
      this.problems.push(`${op} answered ${key}: ${JSON.stringify(outcome.body)?.slice(0, 200)}`);
    }
  }

  /**
   * One timed call as `who`, on the session of the epoch it started in. `handle` reads the answer; a lost answer is
   * remembered, with a replay when the call carries an Idempotency-Key.
   */
  private async timed(op: string, who: Account, method: string, path: string, body: unknown, keyed: boolean, handle: (o: Outcome) => void, createsPayment = false) {
    const e = this.epoch;
    const key = keyed ? randomUUID() : undefined;
    this.inflight.set(e, (this.inflight.get(e) ?? 0) + 1);
    const t0 = performance.now();
    try {
      const outcome = await call(this.base(), method, path, who.tokens[e], body, key);
      this.record(op, performance.now() - t0, outcome);
      if (outcome.status === 'network') {
        const replay = key
          ? async () => {
              const again = await call(this.base(), method, path, who.tokens[this.epoch], body, key);
              handle(again);
              return again;
            }
          : undefined;
        this.lost.push({ op, key, replay, createsPayment });
      } else handle(outcome);
      return outcome;
    } finally {
      this.inflight.set(e, this.inflight.get(e)! - 1);
    }
  }

  private two() {
    const a = pick(this.accounts);
    let b = pick(this.accounts);
    while (b === a) b = pick(this.accounts);
    return [a, b] as const;
  }

  /**
   * Requests stay within the abuse limits (3 a day per requester → payer, 20 an hour per requester; issue 21, tested
   * in abuse-limits.test.ts), as real clients do: a load of refusals would measure the limit, not the server.
   */
  private readonly asked = new Map<string, number>();
  private requestPair(): readonly [Account, Account] | null {
    for (let tries = 0; tries < 20; tries++) {
      const [a, b] = this.two();
      const pair = `${a.id}>${b.id}`;
      if ((this.asked.get(pair) ?? 0) >= 3 || (this.asked.get(a.id) ?? 0) >= 20) continue;
      this.asked.set(pair, (this.asked.get(pair) ?? 0) + 1).set(a.id, (this.asked.get(a.id) ?? 0) + 1);
      return [a, b];
    }
    return null;
  }

  private noteFinal(o: Outcome) {
    const p = o.body?.data?.[0] as { payment_id: string; payment_status: string } | undefined;
    if (typeof o.status === 'number' && o.status < 300 && p && FINAL.has(p.payment_status)) this.finalStatus.set(p.payment_id, p.payment_status);
  }

  private readonly ops: Record<string, () => Promise<unknown>> = {
    send: () => {
      const [a, b] = this.two();
      return this.timed('send', a, 'POST', `/api/app/user/${a.id}/payment/send/`, { receiverUserId: b.id, amount: centsText(between(1, 500)), paymentMethodId: 'balance' }, true, (o) => {
        if (o.status === 201) this.ack('payments', o.body.data[0].payment_id), this.noteFinal(o);
      }, true);
    },
    request: () => {
      const pair = this.requestPair();
      // Every pair at the request limits: a send instead.
      if (!pair) return this.ops.send!();
      const [requester, payer] = pair;
      const cents = between(1, 500);
      return this.timed('request', requester, 'POST', `/api/app/user/${requester.id}/payment/request/`, { receiverUserId: payer.id, amount: centsText(cents), message: 'for lunch' }, false, (o) => {
        if (o.status !== 201) return;
        const id = o.body.data[0].payment_id as string;
        this.ack('payments', id);
        this.openRequests.push({ id, requester, payer, cents });
      }, true);
    },
    pay: () => {
      // Usually taken from the pool; one time in five left in it, so that a pay and a cancel can race.
      const request = takeFrom(this.openRequests, 0.8);
      if (!request) return this.ops.request!();
      const body = { receiverUserId: request.requester.id, amount: centsText(request.cents), paymentMethodId: 'balance', paymentId: request.id };
      return this.timed('pay', request.payer, 'POST', `/api/app/user/${request.payer.id}/payment/send/`, body, true, (o) => this.noteFinal(o));
    },
    cancel: () => {
      const request = takeFrom(this.openRequests, 0.8);
      if (!request) return this.ops.request!();
      const who = Math.random() < 0.5 ? request.requester : request.payer;
      return this.timed('cancel', who, 'DELETE', `/api/app/user/${who.id}/payment/request/`, { paymentId: request.id }, false, (o) => this.noteFinal(o));
    },
    hold: () => {
      const creator = pick(this.accounts.filter((a) => a.creator));
      let fan = pick(this.accounts);
      while (fan === creator) fan = pick(this.accounts);
      const body = { receiverUserId: creator.id, amount: centsText(creator.creator!.priceCents), paymentMethodId: 'balance', pricePointId: creator.creator!.pricePointId };
      return this.timed('hold', fan, 'POST', `/api/app/user/${fan.id}/payment/send/`, body, true, (o) => {
        if (o.status !== 201) return;
        const id = o.body.data[0].payment_id as string;
        this.ack('payments', id);
        this.openHolds.push({ id, fan, creator });
      }, true);
    },
    claim: () => {
      const hold = takeFrom(this.openHolds, 1);
      if (!hold) return this.ops.hold!();
      const body = { paymentId: hold.id, message: 'here it is', messageMediaId: hold.creator.creator!.mediaId };
      return this.timed('claim', hold.creator, 'POST', `/api/app/user/${hold.creator.id}/messages/`, body, true, (o) => {
        if (o.status === 201 && o.body?.payment_triggered) this.finalStatus.set(hold.id, 'complete');
      });
    },
    decline: () => {
      const hold = takeFrom(this.openHolds, 1);
      if (!hold) return this.ops.hold!();
      return this.timed('decline', hold.creator, 'DELETE', `/api/app/user/${hold.creator.id}/payment/request/`, { paymentId: hold.id }, false, (o) => this.noteFinal(o));
    },
    cardDeposit: async () => {
      const a = pick(this.accounts);
      a.card ??= (async () => {
        const body = { nameOnCard: `Test ${a.name}`, number: SANDBOX_CARDS.success, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvv: '123', country: 'US', postalCode: '94107' };
        const o = await this.timed('addCard', a, 'POST', `/api/app/user/${a.id}/payment-methods/cards`, body, false, () => {});
        return o.status === 201 ? (o.body.card.id as string) : null;
      })();
      const card = await a.card;
      if (!card) return (a.card = undefined);
      return this.timed('cardDeposit', a, 'POST', `/api/app/user/${a.id}/deposits/card`, { paymentMethodId: card, amount: centsText(between(100, 10_000)) }, true, (o) => {
        if (o.status === 201) this.ack('deposits', o.body.data[0].id);
      });
    },
    usdtDeposit: () => {
      const a = pick(this.accounts);
      return this.timed('usdtDeposit', a, 'POST', '/api/dev/sandbox/usdt-transfers', { user: a.id, amount: centsText(between(100, 10_000)) }, false, (o) => {
        if (o.status === 201) this.ack('deposits', o.body.deposit.id);
      });
    },
    withdraw: async () => {
      const a = pick(this.accounts);
      a.bank ??= (async () => {
        const body = { ...BANK_BODY, lastName: a.name, current_password: TEST_USER_PASSWORD };
        return (await this.timed('putBank', a, 'PUT', `/api/app/user/${a.id}/bank-account`, body, false, () => {})).status === 200;
      })();
      if (!(await a.bank)) return (a.bank = undefined);
      return this.timed('withdraw', a, 'POST', `/api/app/user/${a.id}/withdrawals`, { amount: centsText(between(20_01, 100_00)), destination: 'bank_account' }, true, (o) => {
        if (o.status !== 201) return;
        const id = o.body.data[0].id as string;
        this.ack('withdrawals', id);
        this.createdWithdrawals.push({ id, owner: a });
      });
    },
    cancelWithdrawal: () => {
      const w = takeFrom(this.createdWithdrawals, 1);
      if (!w) return this.ops.withdraw!();
      return this.timed('cancelWithdrawal', w.owner, 'POST', `/api/app/user/${w.owner.id}/withdrawals/${w.id}/cancel`, undefined, true, (o) => {
        if (o.status === 200) this.ack('cancelledWithdrawals', w.id);
      });
    },
    wallet: () => {
      const a = pick(this.accounts);
      return this.timed('wallet', a, 'GET', `/api/app/user/${a.id}/wallet`, undefined, false, () => {});
    },
  };
}

/** Takes a random item out of the pool (or, with probability 1 − `removeChance`, leaves it there to be raced for). */
function takeFrom<T>(pool: T[], removeChance: number): T | undefined {
  if (pool.length === 0) return undefined;
  const i = Math.floor(Math.random() * pool.length);
  const item = pool[i]!;
  if (Math.random() < removeChance) pool.splice(i, 1);
  return item;
}

/**
 * What the database must show for the answers a workload got: every acknowledged payment, deposit and withdrawal
 * present, every final status announced still standing, every cancelled withdrawal cancelled. `query` runs one
 * statement whose $1 is a uuid[] of `ids` (pg or PGlite).
 */
export async function checkAcknowledged(
  workload: Workload,
  query: <T>(text: string, ids: string[]) => Promise<T[]>,
): Promise<string[]> {
  const problems: string[] = [];
  const ids = [...workload.acknowledged.payments];
  const rows = await query<{ id: string; status: string }>('SELECT id::text, status FROM payments WHERE id = ANY($1::uuid[])', ids);
  const byId = new Map(rows.map((r) => [r.id, r.status]));
  for (const id of ids) if (!byId.has(id)) problems.push(`acknowledged payment ${id} is missing`);
  for (const [id, status] of workload.finalStatus) {
    if (byId.has(id) && byId.get(id) !== status) problems.push(`payment ${id} was answered ${status} but stands ${byId.get(id)}`);
  }
  const deposits = await query<{ id: string }>('SELECT id::text FROM deposits WHERE id = ANY($1::uuid[])', [...workload.acknowledged.deposits]);
  if (deposits.length !== workload.acknowledged.deposits.size) problems.push(`${workload.acknowledged.deposits.size} deposits acknowledged, ${deposits.length} stand`);
  const withdrawals = await query<{ id: string; status: string }>('SELECT id::text, status FROM withdrawals WHERE id = ANY($1::uuid[])', [...workload.acknowledged.withdrawals]);
  if (withdrawals.length !== workload.acknowledged.withdrawals.size) problems.push(`${workload.acknowledged.withdrawals.size} withdrawals acknowledged, ${withdrawals.length} stand`);
  for (const w of withdrawals) {
    if (workload.acknowledged.cancelledWithdrawals.has(w.id) && w.status !== 'cancelled') problems.push(`withdrawal ${w.id} was cancelled but stands ${w.status}`);
  }
  return problems;
}
