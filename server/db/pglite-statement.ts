import { protocol, types, type PGlite } from '@electric-sql/pglite';

/**
 * A hot statement on PGlite in one exchange (Database.statement): Parse, Bind, Describe, Execute and Sync handed to
 * PostgreSQL-in-WASM together, as a PostgreSQL client sends them in one write. `PGlite.query` makes six exchanges of
 * one message each (Parse, Describe statement — to learn the parameters' types —, Bind, Describe portal, Execute,
 * Sync), each a pass through PostgreSQL's main loop and PGlite's message handling, on the API's one thread
 * (docs/performance.md). Every parameter here is sent as text and typed by the statement's own casts (`$1::uuid`),
 * so the Describe of the statement is not needed.
 *
 * Exclusive as `query` is: it waits for any transaction open on the one connection (the job runner's), then for any
 * query, so it never runs inside another's transaction. A refusal comes back as the same DatabaseError `query`
 * throws (code, message, detail), after the Sync has ended the statement's own transaction.
 */
export async function runPgliteStatement<T>(client: PGlite, text: string, values: unknown[]): Promise<T[]> {
  const message = concat([
    protocol.serialize.parse({ text }),
    protocol.serialize.bind({ values: values.map(asText) }),
    protocol.serialize.describe({ type: 'P' }),
    protocol.serialize.execute({}),
    protocol.serialize.sync(),
  ]);
  let result: Awaited<ReturnType<PGlite['execProtocol']>>;
  try {
    result = await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => client.execProtocol(message)));
  } catch (error) {
    // As PGlite's query marks its errors: the statement that failed, for the log.
    if (error && typeof error === 'object') Object.assign(error, { query: text });
    throw error;
  }
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: T[] = [];
  for (const m of result.messages) {
    if (m instanceof protocol.messages.RowDescriptionMessage) fields = m.fields;
    else if (m instanceof protocol.messages.DataRowMessage) {
      const row: Record<string, unknown> = {};
      m.fields.forEach((value, i) => {
        const field = fields[i]!;
        row[field.name] = value === null ? null : types.parseType(value, field.dataTypeID, client.parsers);
      });
      rows.push(row as T);
    }
  }
  return rows;
}

/** A parameter in PostgreSQL's text format; the statement's cast gives it its type. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  throw new Error(`a statement parameter must be a string, number, boolean, date, array or null, not ${typeof value}`);
}

function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  return `"${asText(value)!.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
