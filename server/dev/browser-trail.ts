import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { paymentEvents } from '../db/schema/index';
import { transitionId } from '../../machines/graph/model-graph';
import { paymentLifecycleMachine, type PaymentEvent, type PaymentStatus } from '../../machines/payment-lifecycle.machine';

/**
 * The payment-lifecycle transitions that browser requests cause (issue 27 item 3). The lifecycle runs on the server,
 * where the app's transition recorder cannot see it; the Playwright run still has to show that a person, clicking in
 * Chromium, takes each transition a person can cause. So, where the development tools are on (never in production):
 * a request counts when Chromium made it (it carries `Sec-Fetch-Site`, which Playwright's own API client and the
 * tests' Node calls never send) and carries the test's cookie (`tipjar-e2e-test`, set on each browser context of a
 * test by tests/e2e/support/ui-transitions.ts). Each lifecycle transition the server takes while serving it is
 * noted, named as the flow atlas names it, and kept under that test once the request is answered if its trail line
 * is in the database (a transaction that threw was rolled back: its transition did not happen; the answer's status
 * does not tell, since a declined card fails the payment for good and answers 402). `GET /api/dev/browser-trail`
 * hands a test's over once.
 * Transitions taken outside a request (the capture and expiry jobs) are never noted: the server causes those.
 */

export const BROWSER_TRAIL_COOKIE = 'tipjar-e2e-test';

/** The machine id the records carry, as the browser recorder's do. */
const MACHINE = paymentLifecycleMachine.id;

/** A transition noted during a request: its payment, where it left from, and the atlas's name for it. */
interface Noted {
  paymentId: string;
  from: PaymentStatus;
  event: PaymentEvent['type'];
  id: string;
}

/** One tagged request's transitions, until the database says whether they happened. */
export interface RequestTrail {
  test: string;
  noted: Noted[];
}

const storage = new AsyncLocalStorage<RequestTrail>();
const byTest = new Map<string, Set<string>>();
/** The checks still running for a test's answered requests. */
const inFlight = new Map<string, Set<Promise<void>>>();
// A test that never asks for its records must not grow the map for ever.
const MAX_TESTS = 1_000;
let enabled = false;

/** Turned on by the server when its development tools are (server/app.ts); until then noting costs one check. */
export function enableBrowserTrail(): void {
  enabled = true;
}

/** A test's key as the cookie carries it: the test's id from Playwright, nothing a person types. */
export const isTrailKey = (value: string | undefined): value is string => value !== undefined && /^[\w-]{1,100}$/.test(value);

export function openRequestTrail(test: string): RequestTrail {
  return { test, noted: [] };
}

/** Runs the rest of the request with `trail` as the place its transitions are noted. */
export function runWithRequestTrail(trail: RequestTrail, work: () => void): void {
  storage.run(trail, work);
}

/**
 * Called by the lifecycle code after it wrote a transition into the trail (server/payments/lifecycle.ts, and the
 * sends from balance, whose trail lines the database functions write).
 */
export function notePaymentTransition(paymentId: string, from: PaymentStatus, event: PaymentEvent): void {
  if (!enabled) return;
  const trail = storage.getStore();
  if (!trail) return;
  const snapshot = paymentLifecycleMachine.resolveState({ value: from, context: {} });
  for (const t of paymentLifecycleMachine.getTransitionData(snapshot, event)) {
    trail.noted.push({ paymentId, from, event: event.type, id: transitionId(t, new Map()) });
  }
}

/**
 * The request was answered: its transitions whose trail lines were committed are kept under its test. The test may
 * ask for its records the moment its last answer arrives: the check is waited for (`takeBrowserTrail`).
 */
export function keepRequestTrail(db: Db, trail: RequestTrail): Promise<void> {
  const checking = keepCommitted(db, trail);
  const waiting = inFlight.get(trail.test) ?? inFlight.set(trail.test, new Set()).get(trail.test)!;
  waiting.add(checking);
  return checking.finally(() => {
    waiting.delete(checking);
    if (waiting.size === 0) inFlight.delete(trail.test);
  });
}

async function keepCommitted(db: Db, trail: RequestTrail): Promise<void> {
  const happened: string[] = [];
  for (const n of trail.noted) {
    const [line] = await db
      .select({ one: sql<number>`1` })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, n.paymentId), eq(paymentEvents.fromStatus, n.from), eq(paymentEvents.event, n.event)))
      .limit(1);
    if (line) happened.push(n.id);
  }
  if (happened.length === 0) return;
  let kept = byTest.get(trail.test);
  if (!kept) {
    if (byTest.size >= MAX_TESTS) byTest.delete(byTest.keys().next().value!);
    byTest.set(trail.test, (kept = new Set()));
  }
  for (const id of happened) kept.add(id);
}

/** A test's transitions, once: the map forgets them as it hands them over. */
export async function takeBrowserTrail(test: string): Promise<{ machine: string; transition: string }[]> {
  await Promise.allSettled([...(inFlight.get(test) ?? [])]);
  const kept = byTest.get(test);
  byTest.delete(test);
  return [...(kept ?? [])].sort().map((transition) => ({ machine: MACHINE, transition }));
}
