import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { journalEntries, ledgerAccounts, paymentEvents, payments, postings } from '../db/schema/index';
import { isPaymentStatus, nextPaymentStatus, type PaymentEvent, type PaymentRole } from '../../machines/payment-lifecycle.machine';

/** One line of a payment's trail, with the role the lifecycle machine saw (who acted, relative to the payment). */
export interface TrailStep {
  occurredAt: Date;
  actorUserId: string | null;
  role: PaymentRole | 'other';
  from: string | null;
  to: string;
  event: string;
  reason: string | null;
  /** Whether the lifecycle machine allows this step after the ones before it. */
  allowed: boolean;
}

interface AuditPosting {
  accountId: number;
  accountKind: string;
  /** The wallet's owner; null for system accounts. */
  userId: string | null;
  amountCents: number;
}

interface AuditEntry {
  id: number;
  kind: string;
  description: string | null;
  createdAt: Date;
  postings: AuditPosting[];
  /** Σ postings; a balanced entry sums to zero. */
  sumCents: number;
}

export interface PaymentAudit {
  payment: { id: string; kind: string; status: string; senderUserId: string; receiverUserId: string; amountCents: number; feeCents: number };
  trail: TrailStep[];
  entries: AuditEntry[];
  /** What breaks the lifecycle or the ledger, in words; empty when the payment is sound. */
  problems: string[];
}

/** The machine's event for a trail line: the role comes from who acted; a reminder carries its time and the last one. */
function machineEvent(type: string, role: PaymentRole, at: number, lastReminderAt: number | null): PaymentEvent {
  return (type === 'REMIND' ? { type, role, now: at, lastReminderAt } : { type, role }) as PaymentEvent;
}

/**
 * Checks a trail against the payment-lifecycle machine: it starts with CREATE into `created`, each line leaves the
 * status the one before reached, the machine allows each event for the role that sent it, and the last status is
 * the payment's. Pure, so it is unit-tested without a database; `auditPayment` feeds it the stored rows.
 */
export function checkTrail(
  payment: { status: string; senderUserId: string; receiverUserId: string },
  rows: Array<Omit<TrailStep, 'role' | 'allowed'>>,
): { trail: TrailStep[]; problems: string[] } {
  const problems: string[] = [];
  let lastReminderAt: number | null = null;
  const trail = rows.map((row, index): TrailStep => {
    const role: TrailStep['role'] =
      row.actorUserId === null ? 'system' : row.actorUserId === payment.senderUserId ? 'sender' : row.actorUserId === payment.receiverUserId ? 'receiver' : 'other';
    const before = index === 0 ? null : rows[index - 1]!.to;
    const line = `step ${index + 1} (${row.from ?? '∅'} -${row.event}-> ${row.to})`;
    let allowed = true;
    const refuse = (why: string) => {
      allowed = false;
      problems.push(`${line}: ${why}`);
    };
    if (index === 0) {
      if (row.from !== null || row.to !== 'created' || row.event !== 'CREATE') refuse('a trail starts with CREATE into created');
    } else if (row.from !== before) {
      refuse(`starts from ${row.from ?? '∅'} but the step before reached ${before}`);
    } else if (!isPaymentStatus(row.from) || !isPaymentStatus(row.to)) {
      refuse('names a status the lifecycle machine does not have');
    } else if (role === 'other') {
      refuse(`the actor ${row.actorUserId} is neither the payer nor the one paid`);
    } else {
      const next = nextPaymentStatus(row.from, machineEvent(row.event, role, row.occurredAt.getTime(), lastReminderAt));
      if (next === null) refuse(`the lifecycle machine does not allow ${row.event} by the ${role} from ${row.from}`);
      else if (next !== row.to) refuse(`the lifecycle machine leads to ${next}, not ${row.to}`);
    }
    if (row.event === 'REMIND') lastReminderAt = row.occurredAt.getTime();
    return { ...row, role, allowed };
  });
  if (trail.length === 0) problems.push('the payment has no trail');
  else if (trail.at(-1)!.to !== payment.status) problems.push(`the payment is ${payment.status} but its trail ends in ${trail.at(-1)!.to}`);
  return { trail, problems };
}

/** A payment's trail and journal entries with every breach found, or null when there is no such payment. */
export async function auditPayment(database: Database, paymentId: string): Promise<PaymentAudit | null> {
  const { db } = database;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return null;
  const events = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));
  const { trail, problems } = checkTrail(
    payment,
    events.map((e) => ({ occurredAt: e.occurredAt, actorUserId: e.actorUserId, from: e.fromStatus, to: e.toStatus, event: e.event, reason: e.reason })),
  );
  const entryRows = await db.select().from(journalEntries).where(eq(journalEntries.paymentId, paymentId)).orderBy(asc(journalEntries.id));
  const postingRows = entryRows.length
    ? await db
        .select({ entryId: postings.entryId, accountId: postings.accountId, amountCents: postings.amountCents, accountKind: ledgerAccounts.kind, userId: ledgerAccounts.userId })
        .from(postings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .where(inArray(postings.entryId, entryRows.map((e) => e.id)))
        .orderBy(asc(postings.id))
    : [];
  const entries = entryRows.map((e): AuditEntry => {
    const own = postingRows.filter((p) => p.entryId === e.id).map(({ entryId: _, ...p }) => p);
    const sumCents = own.reduce((total, p) => total + p.amountCents, 0);
    if (own.length < 2) problems.push(`entry ${e.id} (${e.kind}) has ${own.length} posting${own.length === 1 ? '' : 's'}`);
    if (sumCents !== 0) problems.push(`entry ${e.id} (${e.kind}) sums to ${sumCents}, not 0`);
    return { id: e.id, kind: e.kind, description: e.description, createdAt: e.createdAt, postings: own, sumCents };
  });
  return {
    payment: {
      id: payment.id,
      kind: payment.kind,
      status: payment.status,
      senderUserId: payment.senderUserId,
      receiverUserId: payment.receiverUserId,
      amountCents: payment.amountCents,
      feeCents: payment.feeCents,
    },
    trail,
    entries,
    problems,
  };
}

/** Payments whose status is not where their trail ends (or that have none): a status changed without its event. */
export async function untrailedStatusChanges(database: Database): Promise<string[]> {
  const rows = await database.rows<{ id: string; status: string; last_to: string | null }>(sql`
    SELECT p.id, p.status,
      (SELECT e.to_status FROM payment_events e WHERE e.payment_id = p.id ORDER BY e.id DESC LIMIT 1) AS last_to
    FROM payments p`);
  return rows
    .filter((r) => r.last_to !== r.status)
    .map((r) => (r.last_to === null ? `payment ${r.id} is ${r.status} with no trail event` : `payment ${r.id} is ${r.status} but its last trail event leads to ${r.last_to}`));
}
