import type { Database } from '../db/database';
import { formatAmount } from '../../domain/money/amount';
import { checkLedger } from './ledger-check';
import { auditPayment, type PaymentAudit } from './payment-trail';

/** What `npm run audit` exits with: 0 sound, 1 a breach was found, 2 the command was wrong or nothing to audit. */
export const EXIT = { ok: 0, breach: 1, usage: 2 } as const;

const AUDIT_USAGE = 'usage: npm run audit -- payment <payment id> | npm run audit -- ledger';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const signed = (cents: number) => (cents > 0 ? `+${formatAmount(cents)}` : formatAmount(cents));

/** The trail and entries as an auditor reads them: one line a transition, postings under their entry. */
function paymentReport(audit: PaymentAudit): string[] {
  const { payment } = audit;
  const lines = [
    `Payment ${payment.id}: ${payment.kind}, ${formatAmount(payment.amountCents)} USD (fee ${formatAmount(payment.feeCents)}), status ${payment.status}`,
    `  payer ${payment.senderUserId}, paid ${payment.receiverUserId}`,
    '',
    'Trail (time, actor, from → to, event, reason):',
  ];
  for (const step of audit.trail) {
    const actor = step.actorUserId === null ? 'system' : `${step.role} ${step.actorUserId}`;
    lines.push(
      `  ${step.allowed ? ' ' : '✗'} ${step.occurredAt.toISOString()}  ${actor}  ${step.from ?? '∅'} → ${step.to}  ${step.event}${step.reason ? `  "${step.reason}"` : ''}`,
    );
  }
  lines.push('', `Journal entries (${audit.entries.length}):`);
  for (const entry of audit.entries) {
    lines.push(
      `  ${entry.sumCents === 0 ? ' ' : '✗'} #${entry.id} ${entry.kind} ${entry.createdAt.toISOString()}${entry.description ? `  "${entry.description}"` : ''}  (sums to ${formatAmount(entry.sumCents)})`,
    );
    for (const p of entry.postings) {
      lines.push(`        ${signed(p.amountCents).padStart(14)}  ${p.accountKind}${p.userId ? ` ${p.userId}` : ''} (account ${p.accountId})`);
    }
  }
  lines.push('');
  if (audit.problems.length === 0) lines.push('OK: the trail is a path the payment-lifecycle machine allows, and every entry balances.');
  else lines.push(...audit.problems.map((p) => `BREACH: ${p}`));
  return lines;
}

/**
 * `npm run audit -- payment <id>` and `npm run audit -- ledger` on an open database; prints through `out` and
 * returns the exit code. Kept apart from the process wiring (server/cli/audit.ts) so the tests run it in-process.
 */
export async function runAudit(args: string[], database: Database, out: (line: string) => void): Promise<number> {
  const [what, id, ...rest] = args;
  if (what === 'payment' && id && rest.length === 0) {
    if (!UUID.test(id)) {
      out(`not a payment id: ${id}`);
      return EXIT.usage;
    }
    const audit = await auditPayment(database, id);
    if (!audit) {
      out(`no payment ${id}`);
      return EXIT.usage;
    }
    paymentReport(audit).forEach((line) => out(line));
    return audit.problems.length ? EXIT.breach : EXIT.ok;
  }
  if (what === 'ledger' && id === undefined) {
    const check = await checkLedger(database);
    const { entries, accounts, payments } = check.counted;
    out(`Ledger check at ${check.checkedAt.toISOString()}: ${entries} journal entries, ${accounts} accounts, ${payments} payments`);
    if (check.breaches.length === 0) {
      out('OK: every entry sums to zero, every balance equals its entries, no wallet is negative, every payment status has its trail event.');
      return EXIT.ok;
    }
    check.breaches.forEach((b) => out(`BREACH: ${b}`));
    return EXIT.breach;
  }
  out(AUDIT_USAGE);
  return EXIT.usage;
}
