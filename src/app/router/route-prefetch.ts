/**
 * Data a route asks for ahead of its page (RouteDef `prefetch`, started with the page's chunk on a first view), kept
 * here until the page's machine takes it. Without it the calls waited for the page's chunk, its strings and its
 * machine's first render: on a first visit, a second or more after the bytes that could make them had arrived.
 *
 * A promise is taken once: a retry, or the page opened again later, calls the server itself. One left too long (the
 * page never mounted: a redirect, a failure) is not handed out, so a page never shows data older than FRESH_MS.
 */
const FRESH_MS = 10_000;

const waiting = new Map<string, { promise: Promise<unknown>; startedAt: number }>();

/** Starts `load` under `key` unless a fresh one is already waiting there. */
export function offerPrefetch<T>(key: string, load: () => Promise<T>, now: () => number = Date.now): void {
  const current = waiting.get(key);
  if (current && now() - current.startedAt <= FRESH_MS) return;
  const promise = load();
  // Its failure belongs to the page that takes it (its machine shows it); an untaken one must not be "unhandled".
  promise.catch(() => {});
  waiting.set(key, { promise, startedAt: now() });
}

/** The waiting promise under `key` if it is fresh (and forgets it either way), else undefined. */
export function takePrefetch<T>(key: string, now: () => number = Date.now): Promise<T> | undefined {
  const entry = waiting.get(key);
  waiting.delete(key);
  if (!entry || now() - entry.startedAt > FRESH_MS) return undefined;
  return entry.promise as Promise<T>;
}

/**
 * The signed-in user's own profile, read by home's route (features/home/home-data.ts) for its first-step card and
 * left here for the shell's sidebar, whose first load takes it: one request for the two on a cold load of home.
 */
export const ownProfileKey = (userId: string) => `profile:${userId}`;
