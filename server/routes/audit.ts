import type { FastifyRequest } from 'fastify';
import type { AnswerOf, SomeHandlers } from '../http/contract-handlers';
import { ResponseContractError } from '../http/operations';
import { isPaymentStatus } from '../../machines/payment-lifecycle.machine';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { requireRole } from '../roles/roles';
import { auditPayment } from '../audit/payment-trail';
import { checkLedger } from '../audit/ledger-check';
import { formatAmount } from '../../domain/money/amount';
import { DomainError } from '../problems/domain-error';

type AuditedPayment = AnswerOf<'auditPayment'>['payment'];
const PAYMENT_TYPES = ['send', 'request', 'price_point'] as const satisfies readonly AuditedPayment['type'][];
const isPaymentType = (kind: string): kind is AuditedPayment['type'] => PAYMENT_TYPES.some((type) => type === kind);

/**
 * The audit reads the stored payment as it is (it exists to find what is wrong); the contract's answer names only the
 * kinds and statuses there are. One outside them is the same 500 the answer's check would give (ResponseContractError).
 */
function paymentTypeAndStatus(kind: string, status: string): Pick<AuditedPayment, 'type' | 'status'> {
  if (isPaymentType(kind) && isPaymentStatus(status)) return { type: kind, status };
  throw new ResponseContractError('auditPayment', 200, `a payment of kind ${kind} in status ${status}`);
}

/** The auditor's API (issue 9): every operation checks the role first, so nobody else learns anything. */
export function auditHandlers(services: Services) {
  const { database, clock } = services;
  const auditor = (request: FastifyRequest) => requireRole(database.db, authOf(request).userId, 'auditor');
  return {
    auditPayment: async (request) => {
      await auditor(request);
      const { paymentId } = request.params;
      const audit = await auditPayment(database, paymentId);
      if (!audit) throw new DomainError('not_found');
      const { payment } = audit;
      return {
        payment: {
          payment_id: payment.id,
          ...paymentTypeAndStatus(payment.kind, payment.status),
          amount: formatAmount(payment.amountCents),
          fee: formatAmount(payment.feeCents),
          sender_user_id: payment.senderUserId,
          receiver_user_id: payment.receiverUserId,
        },
        trail: audit.trail.map((s) => ({
          occurred_at: s.occurredAt.toISOString(),
          actor: s.actorUserId ?? 'system',
          role: s.role,
          from_status: s.from,
          to_status: s.to,
          event: s.event,
          reason: s.reason,
          allowed: s.allowed,
        })),
        entries: audit.entries.map((e) => ({
          id: e.id,
          kind: e.kind,
          description: e.description,
          created_at: e.createdAt.toISOString(),
          sum: e.sumCents,
          postings: e.postings.map((p) => ({ account_id: p.accountId, account_kind: p.accountKind, user_id: p.userId, amount_cents: p.amountCents })),
        })),
        problems: audit.problems,
      };
    },
    checkLedger: async (request) => {
      await auditor(request);
      const check = await checkLedger(database, clock.now());
      return { checked_at: check.checkedAt.toISOString(), ...check.counted, breaches: check.breaches };
    },
  } satisfies SomeHandlers;
}
