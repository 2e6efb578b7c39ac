import { sql, type SQL } from 'drizzle-orm';
import type { Database, Listener } from '../db/database';

/**
 * Live updates (issue 23.4): two append-only trails are the event log — the payment trail (`payment_events`, one
 * line per payment change) and the transfer trail (`transfer_events`, one line per deposit or withdrawal change),
 * each written in the change's own transaction by every writer (the send's statement, the services, the jobs).
 * Nothing is written for the stream on the send's path: no row, no trigger, no NOTIFY in the transaction.
 *
 * - **Publishing.** The code that commits calls `changed()` after its commit (app.ts: every API call that can
 *   change something, once answered; start-server.ts: every job run, which is where a card capture, a USDT
 *   confirmation and a payout's outcome commit). Calls are coalesced, one per COALESCE_MS per instance: on
 *   PostgreSQL one `pg_notify` in a statement of its own (NOTIFY takes a global lock at commit: never in the send's
 *   transaction, and never once per payment); on PGlite (one process) the hub is simply woken.
 * - **Reading.** A woken hub with open streams reads both trails' new lines once for all its streams (one query
 *   per trail, wake and instance, whichever instance made the change), with each line's parties (a payment's two, a
 *   transfer's owner), and hands each line to those users' streams only: no one receives another user's events.
 * - **Commit order.** Trail ids come from a sequence when a line is inserted and transactions commit in any order:
 *   when line 12 is seen, line 11 may not have committed yet. Missing ids are kept as holes and asked for again at
 *   each wake until they appear or are older than HOLE_GRACE_MS (a rollback). Each trail's watermark is the id every
 *   line at or below which was delivered or given up.
 * - **Event ids: a cursor over both trails.** The two trails have sequences of their own, so one number cannot say
 *   how far a stream has read both. An event's id is `P-T`: every payment line ≤ P and every transfer line ≤ T was
 *   delivered to this stream (or given up). A read's lines go out payment lines first, then transfer lines, each
 *   trail in id order; a payment line carries `min(its id, P watermark)-T before the read`, a transfer line
 *   `P watermark-min(its id, T watermark)`. So the cursor only moves forward, and a reconnect with Last-Event-ID
 *   replays, per trail, exactly the lines after its part: none missed, and none of a read that went out before the
 *   cursor again (a line may still come twice when a hole below it filled late; the client refetches, which is
 *   idempotent). docs/architecture.md "Live updates" has the worked example.
 * - **Replay.** A reconnect with Last-Event-ID reads the user's lines after its cursor from the database, trail by
 *   trail; a gap of more than REPLAY_WINDOW lines (all users') in either trail is too old to replay cheaply, and an
 *   id this server did not give (an older server's plain number) cannot be placed: the stream is told `reset` and
 *   the client refetches what it shows.
 */
const LIVE_CHANNEL = 'tipjar_live';
const COALESCE_MS = 10;
/**
 * At most one read of the trails per this long and instance: under a stream of sends every wake would otherwise be a
 * read (three queries), as many as the sends; one read per 50 ms hands out all that committed meanwhile, for at most
 * 50 ms more latency (docs/performance.md "Live updates").
 */
const READ_GAP_MS = 50;
const HOLE_GRACE_MS = 60_000;
const MAX_HOLES = 10_000;
const REPLAY_WINDOW = 10_000;
const TAIL_BATCH = 1_000;
/** How far below a trail's end the hub looks for lines not committed yet when it starts reading. */
const START_LOOKBACK = 200;

export interface LiveOptions {
  /** A comment line this often keeps proxies from closing an idle stream (default 25 s). */
  heartbeatMs?: number;
  /** Open streams per user and instance; one more is refused with 429 too_many_event_streams (default 5). */
  maxStreamsPerUser?: number;
  /** How many trail lines (all users', per trail) a Last-Event-ID may be behind and still be replayed (default REPLAY_WINDOW). */
  replayWindow?: number;
  /**
   * A stream is ended after this long (default 10 min): EventSource reconnects at once with Last-Event-ID (nothing is
   * missed), and the reconnection is authenticated afresh — a session signed out or expired meanwhile hears no more.
   */
  maxLifetimeMs?: number;
}

/** How far a stream has read each trail (its events' id, `payment-transfer`). */
export interface LiveCursor {
  payment: number;
  transfer: number;
}

/** A Last-Event-ID: a cursor, none (a first connection), or one this server cannot place (told `reset`). */
export type LastEventId = LiveCursor | null | 'unknown';

/** Reads a Last-Event-ID header this server gave (`P-T`). */
export function parseLastEventId(value: string | undefined): LastEventId {
  if (value === undefined || value === '') return null;
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(value);
  return match ? { payment: Number(match[1]), transfer: Number(match[2]) } : 'unknown';
}

const cursorText = (c: LiveCursor) => `${c.payment}-${c.transfer}`;

type TrailName = 'payment' | 'transfer';

/** One trail line, as a stream sends it: the event's name, the users it concerns and what it says. */
interface Change {
  id: number;
  userIds: string[];
  data: Record<string, string>;
}

/** What a stream writes to (the raw HTTP response, or a test's collector). */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
}

interface Stream {
  userId: string;
  sink: StreamSink;
  /** Events heard while the stream's replay is being read (their text); sent after it. */
  pending: string[] | null;
  closed: boolean;
  lifetime: NodeJS.Timeout | null;
}

class TooManyStreams extends Error {}

declare module 'fastify' {
  interface FastifyRequest {
    /** A message this request posted: told to its payment's parties once the request is answered (app.ts). */
    liveMessage?: { paymentId: string; userIds: string[] };
  }
}

function eventText(event: string, id: string | null, data: unknown): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

interface TrailQueries {
  /** The trail's last START_LOOKBACK ids. */
  recent: () => SQL;
  /** Lines with these ids (holes being asked for again). */
  byIds: (ids: number[]) => SQL;
  /** Lines after `high`, in id order, at most `limit`. */
  after: (high: number, limit: number) => SQL;
  /** The user's lines in (after, upTo], in id order. */
  replay: (userId: string, after: number, upTo: number) => SQL;
  toChange: (row: Record<string, unknown>) => Change;
}

const idList = (ids: number[]) => `{${ids.join(',')}}`;

/** `payment_events` with each line's payment (its kind and two parties). */
const paymentLine = sql`SELECT e.id, e.payment_id, e.to_status, p.kind, p.sender_user_id, p.receiver_user_id
  FROM payment_events e JOIN payments p ON p.id = e.payment_id`;
const PAYMENT_TRAIL: TrailQueries = {
  recent: () => sql`SELECT id FROM payment_events WHERE id > (SELECT coalesce(max(id), 0) - ${START_LOOKBACK} FROM payment_events) ORDER BY id`,
  byIds: (ids) => sql`${paymentLine} WHERE e.id = ANY(${idList(ids)}::bigint[])`,
  after: (high, limit) => sql`${paymentLine} WHERE e.id > ${high} ORDER BY e.id LIMIT ${limit}`,
  replay: (userId, after, upTo) =>
    sql`${paymentLine} WHERE e.id > ${after} AND e.id <= ${upTo} AND (p.sender_user_id = ${userId} OR p.receiver_user_id = ${userId}) ORDER BY e.id`,
  toChange: (r) => ({
    id: Number(r.id),
    userIds: [...new Set([String(r.sender_user_id), String(r.receiver_user_id)])],
    data: { paymentId: String(r.payment_id), status: String(r.to_status), kind: String(r.kind) },
  }),
};

/** `transfer_events` with each line's deposit or withdrawal (its owner). */
const transferLine = sql`SELECT e.id, e.to_status, e.deposit_id, e.withdrawal_id, coalesce(d.user_id, w.user_id) AS user_id
  FROM transfer_events e LEFT JOIN deposits d ON d.id = e.deposit_id LEFT JOIN withdrawals w ON w.id = e.withdrawal_id`;
const TRANSFER_TRAIL: TrailQueries = {
  recent: () => sql`SELECT id FROM transfer_events WHERE id > (SELECT coalesce(max(id), 0) - ${START_LOOKBACK} FROM transfer_events) ORDER BY id`,
  byIds: (ids) => sql`${transferLine} WHERE e.id = ANY(${idList(ids)}::bigint[])`,
  after: (high, limit) => sql`${transferLine} WHERE e.id > ${high} ORDER BY e.id LIMIT ${limit}`,
  replay: (userId, after, upTo) =>
    sql`${transferLine} WHERE e.id > ${after} AND e.id <= ${upTo} AND (d.user_id = ${userId} OR w.user_id = ${userId}) ORDER BY e.id`,
  toChange: (r) => ({
    id: Number(r.id),
    userIds: [String(r.user_id)],
    data: r.deposit_id
      ? { kind: 'deposit', transferId: String(r.deposit_id), status: String(r.to_status) }
      : { kind: 'withdrawal', transferId: String(r.withdrawal_id), status: String(r.to_status) },
  }),
};

/** How far the hub has read one trail. */
class Trail {
  /** Every line with an id ≤ high was seen or is a hole; -1: not reading the trail (no stream yet). */
  high = -1;
  /** Ids ≤ high not seen yet, with when they were first missed. */
  holes = new Map<number, number>();

  constructor(
    readonly name: TrailName,
    readonly queries: TrailQueries,
  ) {}

  /** The id every line at or below which was delivered or given up. */
  watermark(): number {
    let low = this.high;
    for (const id of this.holes.keys()) if (id - 1 < low) low = id - 1;
    return low;
  }

  stop() {
    this.high = -1;
    this.holes.clear();
  }

  /** The trail's current end, and the ids just below it that are not there yet (transactions still open). */
  async start(database: Database): Promise<() => void> {
    const recent = await database.rows<{ id: string | number }>(this.queries.recent());
    return () => {
      const ids = recent.map((r) => Number(r.id));
      const top = ids.length ? ids[ids.length - 1]! : 0;
      const present = new Set(ids);
      const now = Date.now();
      this.holes.clear();
      for (let id = Math.max(1, top - START_LOOKBACK + 1); id <= top; id++) if (!present.has(id)) this.holes.set(id, now);
      this.high = top;
    };
  }

  /**
   * The lines new since the last read (holes filled, then the tail), in id order, and the state to take on once
   * they are handed out (`commit`, synchronous with the handing out: the watermark never runs ahead of delivery).
   * Null when the hub stopped reading meanwhile.
   */
  async read(database: Database, current: () => boolean): Promise<{ lines: Change[]; commit: () => void } | null> {
    const now = Date.now();
    const holes = new Map(this.holes);
    let high = this.high;
    const lines: Change[] = [];
    if (holes.size) {
      const filled = await database.rows<Record<string, unknown>>(this.queries.byIds([...holes.keys()]));
      if (!current()) return null;
      for (const row of filled) {
        const change = this.queries.toChange(row);
        holes.delete(change.id);
        lines.push(change);
      }
      for (const [id, since] of holes) if (now - since > HOLE_GRACE_MS) holes.delete(id);
    }
    for (;;) {
      const batch = (await database.rows<Record<string, unknown>>(this.queries.after(high, TAIL_BATCH))).map(this.queries.toChange);
      if (!current()) return null;
      for (const change of batch) {
        for (let id = high + 1; id < change.id; id++) holes.set(id, now);
        high = change.id;
        lines.push(change);
      }
      if (batch.length < TAIL_BATCH) break;
    }
    // A flood of rollbacks must not grow the set without bound: the oldest holes are given up first.
    if (holes.size > MAX_HOLES) for (const id of [...holes.keys()].sort((a, b) => a - b).slice(0, holes.size - MAX_HOLES)) holes.delete(id);
    lines.sort((a, b) => a.id - b.id);
    return {
      lines,
      commit: () => {
        this.high = high;
        this.holes = holes;
      },
    };
  }
}

export class LiveHub {
  private readonly streams = new Map<string, Set<Stream>>();
  private readonly heartbeatMs: number;
  private readonly maxStreams: number;
  private readonly replayWindow: number;
  private readonly maxLifetimeMs: number;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly payments = new Trail('payment', PAYMENT_TRAIL);
  private readonly transfers = new Trail('transfer', TRANSFER_TRAIL);
  private listener: Promise<Listener | null> | null = null;
  private publishTimer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private lastReadAt = 0;
  private readTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Moves on when the hub stops reading the trails (its last stream closed): a read begun before is dropped. */
  private generation = 0;

  constructor(
    private readonly database: Database,
    options: LiveOptions = {},
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
    this.maxStreams = options.maxStreamsPerUser ?? 5;
    this.replayWindow = options.replayWindow ?? REPLAY_WINDOW;
    this.maxLifetimeMs = options.maxLifetimeMs ?? 10 * 60_000;
  }

  /** Something may have changed (after the commit): tells every instance, at most once per COALESCE_MS. */
  changed(): void {
    if (this.closed || this.publishTimer) return;
    this.publishTimer = setTimeout(() => {
      this.publishTimer = null;
      if (this.closed) return;
      if (this.database.kind === 'pglite') this.wake();
      else this.database.rows(sql`SELECT pg_notify(${LIVE_CHANNEL}, '')`).catch(this.onError);
    }, COALESCE_MS);
    this.publishTimer.unref();
  }

  /**
   * A message was posted on a payment (after its commit): its two parties' streams are told, on every instance. A
   * message that changes no status writes no trail line, so this event carries no id and is not replayed on a
   * reconnect: the web app refetches what it shows after any reconnection (src/api/live-updates.ts). Messages are
   * a user's typing, few: each is one NOTIFY of its own, not coalesced.
   */
  messagePosted(paymentId: string, userIds: string[]): void {
    if (this.closed) return;
    if (this.database.kind === 'pglite') this.tellMessage(paymentId, userIds);
    else this.database.rows(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${`message:${paymentId}:${userIds.join(':')}`})`).catch(this.onError);
  }

  private heard(payload: string | undefined) {
    if (payload?.startsWith('message:')) {
      const [, paymentId, ...userIds] = payload.split(':');
      if (paymentId) this.tellMessage(paymentId, userIds);
      return;
    }
    this.wake();
  }

  private tellMessage(paymentId: string, userIds: string[]) {
    for (const userId of new Set(userIds)) {
      for (const stream of this.streams.get(userId) ?? []) {
        if (!stream.closed && !stream.pending) stream.sink.write(eventText('message', null, { paymentId }));
      }
    }
  }

  /** How many streams are open (all users). */
  get openStreams(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  private marks(): LiveCursor {
    return { payment: this.payments.watermark(), transfer: this.transfers.watermark() };
  }

  /**
   * Opens a stream for `userId`, replaying the user's lines after `lastEventId` (when given). Throws TooManyStreams
   * past the per-user limit. Returns the function that closes it (the client went away).
   */
  async open(userId: string, sink: StreamSink, lastEventId: LastEventId): Promise<() => void> {
    const own = this.streams.get(userId) ?? new Set<Stream>();
    if (this.closed || own.size >= this.maxStreams) throw new TooManyStreams();
    const stream: Stream = { userId, sink, pending: [], closed: false, lifetime: null };
    own.add(stream);
    this.streams.set(userId, own);
    const close = () => this.drop(stream);
    stream.lifetime = setTimeout(close, this.maxLifetimeMs);
    stream.lifetime.unref();
    try {
      await this.follow();
      sink.write('retry: 3000\n\n');
      const upTo: LiveCursor = { payment: this.payments.high, transfer: this.transfers.high };
      const tooOld = (c: LiveCursor, trail: TrailName) => c[trail] <= upTo[trail] && upTo[trail] - c[trail] > this.replayWindow;
      if (lastEventId === null) {
        sink.write(eventText('ready', cursorText(this.marks()), {}));
      } else if (lastEventId === 'unknown' || tooOld(lastEventId, 'payment') || tooOld(lastEventId, 'transfer')) {
        sink.write(eventText('reset', cursorText(this.marks()), {}));
      } else {
        const from = lastEventId;
        const [paid, moved] = await Promise.all(
          ([this.payments, this.transfers] as const).map((trail) =>
            from[trail.name] < upTo[trail.name]
              ? this.database.rows<Record<string, unknown>>(trail.queries.replay(userId, from[trail.name], upTo[trail.name]))
              : Promise.resolve([]),
          ),
        );
        // Payment lines, then transfer lines, as a live read hands them out (the class comment).
        const mark = this.marks();
        const transferBefore = Math.min(from.transfer, mark.transfer);
        for (const row of paid!) {
          const c = PAYMENT_TRAIL.toChange(row);
          if (!stream.closed) sink.write(eventText('payment', cursorText({ payment: Math.min(c.id, mark.payment), transfer: transferBefore }), c.data));
        }
        for (const row of moved!) {
          const c = TRANSFER_TRAIL.toChange(row);
          if (!stream.closed) sink.write(eventText('transfer', cursorText({ payment: mark.payment, transfer: Math.min(c.id, mark.transfer) }), c.data));
        }
        if (!stream.closed) sink.write(eventText('ready', cursorText(mark), {}));
      }
      const heard = stream.pending ?? [];
      stream.pending = null;
      for (const text of heard) if (!stream.closed) sink.write(text);
    } catch (error) {
      close();
      throw error;
    }
    return close;
  }

  /** Ends every stream (the app is stopping): a stream must never hold a graceful stop. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.publishTimer) clearTimeout(this.publishTimer);
    if (this.readTimer) clearTimeout(this.readTimer);
    for (const set of this.streams.values()) for (const stream of set) this.end(stream);
    this.streams.clear();
    this.stopHeartbeat();
    const listener = await this.listener?.catch(() => null);
    this.listener = null;
    await listener?.close();
    await this.reading?.catch(() => {});
  }

  private end(stream: Stream) {
    if (stream.closed) return;
    stream.closed = true;
    if (stream.lifetime) clearTimeout(stream.lifetime);
    try {
      stream.sink.end();
    } catch {
      // already gone
    }
  }

  private drop(stream: Stream) {
    this.end(stream);
    const own = this.streams.get(stream.userId);
    own?.delete(stream);
    if (own && own.size === 0) this.streams.delete(stream.userId);
    if (this.streams.size === 0) {
      // No one to tell: the trails are not read until a stream opens again (from their end then, not from here).
      this.stopHeartbeat();
      this.payments.stop();
      this.transfers.stop();
      this.generation++;
    }
  }

  /** Whether `userId` may open one more stream (checked again, in the same tick, by open). */
  hasRoom(userId: string): boolean {
    return !this.closed && (this.streams.get(userId)?.size ?? 0) < this.maxStreams;
  }

  private send(stream: Stream, text: string) {
    if (stream.closed) return;
    if (stream.pending) stream.pending.push(text);
    else stream.sink.write(text);
  }

  private get following(): boolean {
    return this.payments.high >= 0;
  }

  /** Starts reading the trails (first stream): their current ends, the recent holes, the listener, the heartbeat. */
  private async follow(): Promise<void> {
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        for (const set of this.streams.values()) for (const s of set) if (!s.pending && !s.closed) s.sink.write(': keep-alive\n\n');
      }, this.heartbeatMs);
      this.heartbeat.unref();
    }
    if (this.database.kind === 'postgres' && !this.listener) {
      this.listener = this.database.listen(LIVE_CHANNEL, (payload) => this.heard(payload), this.onError).catch((error: unknown) => {
        this.onError(error);
        return null;
      });
    }
    if (this.following) return;
    const generation = this.generation;
    const [payments, transfers] = await Promise.all([this.payments.start(this.database), this.transfers.start(this.database)]);
    if (this.following || generation !== this.generation) return;
    payments();
    transfers();
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /**
   * Reads the trails' new lines: one read at a time (a wake during a read makes another follow), at most one per
   * READ_GAP_MS (a wake sooner is put off to then, and wakes meanwhile are one).
   */
  wake(): void {
    if (this.closed || !this.following || this.streams.size === 0) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    if (this.readTimer) return;
    const wait = this.lastReadAt + READ_GAP_MS - Date.now();
    if (wait > 0) {
      this.readTimer = setTimeout(() => {
        this.readTimer = null;
        this.wake();
      }, wait);
      this.readTimer.unref();
      return;
    }
    this.lastReadAt = Date.now();
    this.reading = this.readTail()
      .catch(this.onError)
      .finally(() => {
        this.reading = null;
        if (this.readAgain) {
          this.readAgain = false;
          this.wake();
        }
      });
  }

  private async readTail(): Promise<void> {
    const generation = this.generation;
    const current = () => generation === this.generation && this.following;
    const paid = await this.payments.read(this.database, current);
    if (!paid) return;
    const moved = await this.transfers.read(this.database, current);
    if (!moved) return;
    // From here to the end, synchronous: the watermarks move as the lines are handed out.
    const transferBefore = this.transfers.watermark();
    paid.commit();
    moved.commit();
    const mark = this.marks();
    const handOut = (event: TrailName, change: Change, id: LiveCursor) => {
      const text = eventText(event, cursorText(id), change.data);
      for (const userId of change.userIds) for (const stream of this.streams.get(userId) ?? []) this.send(stream, text);
    };
    for (const change of paid.lines) handOut('payment', change, { payment: Math.min(change.id, mark.payment), transfer: transferBefore });
    for (const change of moved.lines) handOut('transfer', change, { payment: mark.payment, transfer: Math.min(change.id, mark.transfer) });
  }
}
