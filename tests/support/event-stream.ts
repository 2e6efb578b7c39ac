/** One Server-Sent Event as read off the wire. */
export interface ReadEvent {
  id: string | null;
  event: string;
  data: unknown;
}

/** A GET /api/app/events read with fetch: the events as they come, the comment lines (heartbeats), and its end. */
export interface OpenStream {
  status: number;
  contentType: string | null;
  /** The response's headers (Cache-Control, a refusal's Retry-After). */
  headers: Headers;
  events: ReadEvent[];
  comments: string[];
  ended: Promise<void>;
  /** Resolves with the first event (from the start) that matches, or rejects after `timeoutMs`. */
  next(match: (e: ReadEvent) => boolean, timeoutMs?: number): Promise<ReadEvent>;
  /** The body of a refusal (not a stream). */
  problem: Record<string, unknown> | null;
  close(): void;
}

export async function openEventStream(
  baseUrl: string,
  auth: { token?: string; cookie?: string },
  lastEventId?: string,
  options: { lang?: string } = {},
): Promise<OpenStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (auth.token) headers.authtoken = auth.token;
  if (auth.cookie) headers.cookie = auth.cookie;
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const query = options.lang ? `?lang=${options.lang}` : '';
  const res = await fetch(`${baseUrl}/api/app/events${query}`, { headers, signal: abort.signal });
  const events: ReadEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  const stream: OpenStream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    headers: res.headers,
    events,
    comments,
    problem: null,
    ended: Promise.resolve(),
    next(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
  if (res.status !== 200) {
    stream.problem = (await res.json()) as Record<string, unknown>;
    return stream;
  }
  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | null = null;
          let event = 'message';
          let data: string | null = null;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (data !== null) events.push({ id, event, data: JSON.parse(data) });
          notify();
        }
      }
    } catch {
      // aborted
    }
    notify();
  })();
  return stream;
}
