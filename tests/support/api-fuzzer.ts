import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../server/db/database';
import type { Clock } from '../../server/clock';
import { issueSession } from '../../server/auth/session-tokens';
import { createUser, fundWallet, type TestUser } from './money';
import { contractOperations, fillPath, type ContractOperation } from './contract-operations';
import { arbitraryOf, type Schema } from './schema-arbitrary';
import { binarySample } from './contract-requests';

/**
 * A fuzzer for the HTTP API, generated from openapi.yaml at run time: for every operation it derives requests from
 * the contract's schemas (fast-check) and breaks them in the ways clients and attackers do — malformed and huge
 * JSON, wrong types, any Unicode, odd amounts, garbage paths, queries, headers and tokens — sent as real signed-in
 * users. The server must never answer 5xx, and every refusal must be problem+json with a `detail`.
 */
export interface FuzzTarget {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  database: Database;
  clock: Clock;
}

const MUTATIONS = [
  'valid',
  'unicode',
  'wrong-type',
  'amount',
  'malformed-json',
  'huge',
  'missing',
  'extra',
  'content-type',
  'path',
  'query',
  'auth',
] as const;
type Mutation = (typeof MUTATIONS)[number];

/** Amounts that a money API must refuse cleanly (or, when well-formed, handle): rounding, signs, overflow, locale. */
const ODD_AMOUNTS: string[] = [
  '"0.001"', '"-0"', '-0', '1e309', '"1e309"', '"1,000.00"', '"12345678901234567890"', '12345678901234567890',
  '"0"', '"0.00"', '"-1.00"', '"1.5e2"', '" 1.00"', '"1.00 "', '"٣.٠٠"', '"NaN"', '"Infinity"', 'null', '"0x10"',
  '"999999999.99"', '"99999999999999999999.99"', '1.005', '"1.005"', '""', '"."', '"1."', '".5"', '"01.00"', 'true', '[]', '{}',
];

const MALFORMED_JSON: string[] = [
  '', '{', '}', '{"a":}', '[1,2', "{'single':1}", 'NaN', '\uFEFF{}', '{"a":1}{"b":2}', 'null', '"just a string"', '123',
  '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '{"a":"\\ud800"}', '{"a":"\u0000"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`, `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`, '{"a":1,}', '\u0000',
];

const ODD_SEGMENTS = [
  'not-a-uuid', '..', '..%2F..%2Fetc%2Fpasswd', '%00', '%', '%ZZ', 'x'.repeat(5000), '😀', "' OR 1=1 --", '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '<script>alert(1)</script>', '-1', '1e309', ' ', '%20', 'null', 'undefined',
];

const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16',
  'application/xml', 'image/png', 'application/octet-stream', '', 'application/json; charset=latin1', 'application/problem+json',
];

interface FuzzFailure {
  operationId: string;
  mutation: Mutation;
  status: number;
  request: { method: string; url: string; headers: Record<string, string>; body: string };
  response: string;
  why: string;
}

export interface FuzzStats {
  requests: number;
  ms: number;
  byStatus: Record<string, number>;
  byOperation: Record<string, number>;
  byMutation: Record<string, number>;
  serverErrors: number;
  badRefusals: number;
  failures: FuzzFailure[];
}

/** A small, seedable PRNG (mulberry32): the same seed gives the same run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzOptions {
  requests: number;
  seed?: number;
  users?: number;
  onProgress?: (done: number, stats: FuzzStats) => void;
}

const clip = (s: string, n = 400) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

export async function fuzzApi(target: FuzzTarget, options: FuzzOptions): Promise<FuzzStats> {
  const operations = await contractOperations();
  const seed = options.seed ?? Date.now();
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  let sampleSeed = seed;
  const sample = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { numRuns: 1, seed: ++sampleSeed })[0]!;

  // Real signed-in users with money, so valid requests reach the ledger and the handlers' deeper paths.
  const users: TestUser[] = [];
  for (let i = 0; i < (options.users ?? 6); i++) {
    const user = await createUser(target.database, target.clock.now());
    await fundWallet(target.database, user.id, 1_000_000, target.clock.now());
    users.push(user);
  }
  const byToken = new Map(users.map((u) => [u.token, u]));
  // Ids the server handed out (payments, messages, cards…): requests about real objects, mine or someone else's.
  const knownIds: string[] = [];
  const remember = (body: string) => {
    for (const m of body.matchAll(/"(?:[a-z_]*_id|id|[a-zA-Z]*Id)":"([0-9a-f-]{36})"/g)) {
      if (knownIds.length < 500) knownIds.push(m[1]!);
      else knownIds[Math.floor(random() * 500)] = m[1]!;
    }
  };

  const stats: FuzzStats = {
    requests: 0, ms: 0, byStatus: {}, byOperation: {}, byMutation: {}, serverErrors: 0, badRefusals: 0, failures: [],
  };

  const valueFor = (schema: Schema | undefined, name: string, unicode: boolean): unknown => {
    const s = schema ?? {};
    const idLike = /(^id$|Id$)/.test(name) || s.format === 'uuid';
    if (name !== 'userId' && idLike && knownIds.length && chance(0.6)) return pick(knownIds);
    if (/UserId$/.test(name) && chance(0.7)) return pick(users).id;
    return sample(arbitraryOf(s, { unicode }));
  };

  const otherType = (value: unknown): unknown => {
    const candidates: unknown[] = [42, -1, 1.5, true, null, 'text', [], {}, [1, 'a'], { nested: { deep: true } }, 1e308];
    return pick(candidates.filter((c) => typeof c !== typeof value || Array.isArray(c) !== Array.isArray(value)));
  };

  const build = (op: ContractOperation, mutation: Mutation) => {
    const caller = pick(users);
    const unicode = mutation === 'unicode';
    const headers: Record<string, string> = {};
    const pathValues: Record<string, string> = {};
    const query: [string, string][] = [];
    for (const p of op.parameters) {
      if (p.in === 'path') {
        pathValues[p.name] =
          p.name === 'userId' ? (chance(0.9) ? caller.id : pick(users).id) : String(valueFor(p.schema, p.name, unicode));
        if (mutation === 'path' && chance(0.7)) pathValues[p.name] = pick(ODD_SEGMENTS);
      } else if (p.in === 'query') {
        if (p.name === 'lang') {
          query.push(['lang', mutation === 'query' && chance(0.3) ? pick(['fr', '', 'EN', 'en-US', '😀']) : pick(['en', 'es', 'pt'])]);
        } else if (p.required || chance(0.5)) {
          const v = valueFor(p.schema, p.name, unicode);
          query.push([p.name, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
        }
      } else if (p.in === 'header' && (p.required || chance(0.5))) {
        const v = p.name.toLowerCase() === 'idempotency-key' ? randomUUID() : String(valueFor(p.schema, p.name, false));
        headers[p.name.toLowerCase()] = v;
      }
    }
    if (mutation === 'query') {
      const name = pick([...op.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'unknown', 'startPage', 'amount']);
      const odd = pick(['', '-0', '1e309', '[]', '%', 'x'.repeat(3000), '😀', '0.001', '12345678901234567890', '-1', 'true']);
      if (chance(0.5)) query.push([name, odd]);
      else query.push([name, odd], [name, pick(['1', 'a'])]);
    }
    // Who calls: mostly the path's owner; sometimes nobody, a stranger, garbage, or a cookie.
    const token = caller.token;
    if (mutation === 'auth') {
      const how = pick(['none', 'garbage', 'other', 'long', 'cookie', 'bad-cookie', 'both']);
      if (how === 'garbage') headers.authtoken = sample(fc.string({ minLength: 1, maxLength: 60 })).replace(/[^\x21-\x7e]/g, 'x') || 'x';
      if (how === 'other') headers.authtoken = pick(users).token;
      if (how === 'long') headers.authtoken = 'a'.repeat(10_000);
      if (how === 'cookie') headers.cookie = `tipjar-session=${token}`;
      if (how === 'bad-cookie') headers.cookie = pick(['tipjar-session=', 'tipjar-session', '=;=;', `tipjar-session=${'%'.repeat(50)}`, 'a=b; tipjar-session="x']);
      if (how === 'both') Object.assign(headers, { authtoken: token, cookie: 'tipjar-session=someone-else' });
    } else if (op.secured || op.ownUserPath || chance(0.5)) {
      headers.authtoken = token;
    }

    let payload: string | Buffer | undefined;
    const body = op.body;
    if (body?.mediaType.includes('json') && body.schema) {
      let value = body.required || chance(0.7) ? sample(arbitraryOf(body.schema, { unicode })) : undefined;
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const record = value as Record<string, unknown>;
        const properties = (body.schema.properties ?? {}) as Record<string, Schema>;
        for (const [name, schema] of Object.entries(properties)) {
          if (name in record && /(^id$|Id$)/.test(name)) record[name] = valueFor(schema, name, unicode);
        }
        const names = Object.keys(record);
        if (mutation === 'wrong-type' && names.length) record[pick(names)] = otherType(record[pick(names)]);
        if (mutation === 'missing') {
          if (chance(0.3)) value = {};
          else if (names.length) delete record[pick(names)];
        }
        if (mutation === 'extra') record[pick(['extra', '__proto__', 'constructor', 'isAdmin', 'role', 'balance'])] = pick([1, 'x', true, { admin: true }]);
        if (mutation === 'huge' && chance(0.5) && names.length) record[pick(names)] = 'x'.repeat(pick([1_000, 10_000, 60_000]));
      }
      if (mutation === 'wrong-type' && (value === undefined || chance(0.2))) value = otherType(value);
      payload = value === undefined ? undefined : JSON.stringify(value);
      if (mutation === 'amount') {
        const text = payload ?? '{}';
        const amount = pick(ODD_AMOUNTS);
        payload = /"amount":/.test(text)
          ? text.replace(/"amount":("[^"]*"|[^,}]*)/, `"amount":${amount}`)
          : text.replace(/^\{/, `{"amount":${amount}${text === '{}' ? '' : ','}`);
      }
      if (payload !== undefined || mutation === 'malformed-json' || mutation === 'content-type') headers['content-type'] = 'application/json';
    } else if (body) {
      // Binary uploads: the declared type or a lying one, a real header or random bytes.
      headers['content-type'] = chance(0.7) ? body.mediaType : pick(['image/png', 'image/jpeg', 'video/mp4', 'text/plain', 'image/svg+xml']);
      payload = chance(0.5) ? binarySample(body.mediaType) : Buffer.from(sample(fc.uint8Array({ maxLength: 512 })));
      if (mutation === 'huge') payload = Buffer.alloc(pick([70_000, 1_000_000, 11 * 1024 * 1024]), 7);
    }
    if (mutation === 'malformed-json') {
      payload = pick(MALFORMED_JSON);
      headers['content-type'] = 'application/json';
    }
    if (mutation === 'huge' && (body === undefined || body.mediaType.includes('json')) && (payload === undefined || chance(0.5))) {
      payload = pick([`{"message":"${'x'.repeat(70_000)}"}`, `[${'1,'.repeat(400_000)}1]`, 'x'.repeat(2_000_000)]);
      headers['content-type'] = 'application/json';
    }
    if (mutation === 'content-type') {
      const type = pick(CONTENT_TYPES);
      if (type) headers['content-type'] = type;
      else delete headers['content-type'];
      payload ??= pick(['a=1', '<x/>', '{}', '']);
    }
    if (mutation === 'huge' && chance(0.2)) headers['x-filler'] = 'y'.repeat(8_000);

    const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    let path: string;
    try {
      path = fillPath(op.path, pathValues);
    } catch {
      path = op.path;
    }
    if (mutation === 'path') path = path.replace(/%25/g, '%'); // Raw, undecodable escapes too.
    const url = `/api${path}${search ? `?${search}` : ''}`;
    const remoteAddress = `10.${Math.floor(random() * 255)}.${Math.floor(random() * 255)}.${Math.floor(random() * 255)}`;
    return { request: { method: op.method as InjectOptions['method'], url, headers, remoteAddress, ...(payload === undefined ? {} : { payload }) }, caller };
  };

  const check = (res: LightMyRequestResponse): string | null => {
    if (res.statusCode >= 500) return 'server error';
    if (res.statusCode < 400) return null;
    if (!String(res.headers['content-type'] ?? '').includes('application/problem+json')) return 'refusal is not problem+json';
    try {
      const detail = res.json().detail;
      if (typeof detail !== 'string' || detail.length === 0) return 'problem without a detail';
    } catch {
      return 'problem body is not JSON';
    }
    return null;
  };

  const started = Date.now();
  for (let i = 0; i < options.requests; i++) {
    const op = operations[i % operations.length]!; // Every operation the same share, in turn.
    const mutation = pick(MUTATIONS);
    const { request, caller } = build(op, mutation);
    const res = await target.inject(request);
    stats.requests++;
    stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
    stats.byOperation[op.operationId] = (stats.byOperation[op.operationId] ?? 0) + 1;
    stats.byMutation[mutation] = (stats.byMutation[mutation] ?? 0) + 1;
    if (res.statusCode < 300) remember(res.body);
    const why = check(res);
    if (why) {
      if (res.statusCode >= 500) stats.serverErrors++;
      else stats.badRefusals++;
      if (stats.failures.length < 50) {
        const body = request.payload === undefined ? '' : Buffer.isBuffer(request.payload) ? `<${request.payload.length} bytes>` : String(request.payload);
        stats.failures.push({
          operationId: op.operationId,
          mutation,
          status: res.statusCode,
          request: { method: String(request.method), url: clip(request.url), headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, clip(v, 80)])), body: clip(body) },
          response: clip(res.body),
          why,
        });
      }
    }
    // Signed out by the request (logout, a password change) or idled out by a moved test clock: sign back in.
    if (res.statusCode === 401 || op.operationId === 'logout' || /password/i.test(op.operationId)) {
      for (const u of [caller, byToken.get(String(request.headers?.authtoken))].filter((u): u is TestUser => !!u)) {
        byToken.delete(u.token);
        u.token = await issueSession(target.database.db, u.id, target.clock.now());
        byToken.set(u.token, u);
      }
    }
    // The test clock is shared: put it back so a far-future jump does not expire every session of the run.
    if (op.operationId === 'setDevClock' && res.statusCode < 300) {
      await target.inject({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: 0 } });
    }
    if (options.onProgress && (i + 1) % 1000 === 0) options.onProgress(i + 1, stats);
  }
  stats.ms = Date.now() - started;
  return stats;
}
