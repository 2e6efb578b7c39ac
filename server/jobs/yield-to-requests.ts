/**
 * Lets the event loop run between two pieces of background work. PGlite answers a query without any I/O, so a
 * loop of jobs on it is a chain of promises that never gives a pending HTTP request its turn: on one connection and
 * the API's one thread a few hundred mails in a row stalled every request for seconds (issue 11). With this, a
 * request waits for at most the piece in hand (one job, one batch of mails, one batch of the notification pass).
 */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
