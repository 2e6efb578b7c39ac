import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOf, SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { requireStepUp } from '../auth/step-up';
import { accountMail } from '../accounts/account-mail';
import { findUserById } from '../accounts/users';
import { getBankAccount, putBankAccount } from '../wallet/bank-accounts';
import { getPayoutAccount, linkPayoutAccount, unlinkPayoutAccount } from '../wallet/payout-accounts';
import { requireVerifiedEmail } from '../wallet/verified';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS, release, type Counter } from '../security/rate-limit';
import { normalizeEmail } from '../../domain/rules/account-rules';
import { DomainError } from '../problems/domain-error';
import type { ProblemCode } from '../../domain/problem-code';
import { ACCOUNT_TYPES, BANK_RULE_VALUES, ID_TYPES, bankAccountForm, type BankAccountInput, type IdType } from '../../domain/rules/bank-rules';
import { checkRules } from '../problems/check-rules';

const isIdType = (value: string): value is IdType => ID_TYPES.some((type) => type === value);
const isAccountType = (value: string): value is BankAccountInput['accountType'] => ACCOUNT_TYPES.some((type) => type === value);

/**
 * The contract leaves `idType` and `accountType` free text, so that the shared bank rules refuse a bad one with their localised
 * message (and every other field's): they run on it here, as putBankAccount would at once, before it is typed.
 */
function bankAccountInputOf(body: Omit<BodyOf<'putBankAccount'>, 'current_password'>, now: Date): BankAccountInput {
  const { idType, accountType } = body;
  if (isIdType(idType) && isAccountType(accountType)) return { ...body, idType, accountType };
  checkRules(bankAccountForm(now), body, BANK_RULE_VALUES);
  throw new Error(`the bank rules accepted the id type ${idType} and account type ${accountType}`);
}

const PAYOUT_LINK_FAILURES: ReadonlySet<ProblemCode> = new Set(['payout_account_invalid_credentials', 'payout_account_not_activated']);

/**
 * Where withdrawals go: the bank account, and the linked payout account. Setting either needs the password
 * (step-up), tells the owner by email, and opens withdrawals to it 24 hours later (issue 21).
 */
export function walletAccountHandlers(services: Services) {
  const { db } = services.database;
  const payouts = services.providers.payouts;
  const { sendNotice } = accountMail(services);

  /** The caller, checked for a verified email and then for their password, before anything else is looked at. */
  async function steppedUp(request: FastifyRequest, reply: FastifyReply, password: string | undefined) {
    const userId = authOf(request).userId;
    await requireVerifiedEmail(db, userId);
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError('user_not_found', { variant: 'account' });
    await requireStepUp(db, request, reply, user, password, services.clock.now());
    return user;
  }

  /**
   * Credential stuffing through us: a link the payout provider refuses (wrong credentials, or an account not
   * activated) is counted per user and per payout email; once over, refused before the provider is asked. Any other
   * outcome gives its attempt back.
   */
  async function withPayoutLinkLimits<T>(request: FastifyRequest, reply: FastifyReply, userId: string, email: string, link: () => Promise<T>): Promise<T> {
    const counters: Counter[] = [
      { limit: LIMITS.payoutLinkPerUser, subject: userId },
      { limit: LIMITS.payoutLinkPerEmail, subject: normalizeEmail(email) },
    ];
    const hits = await enforceLimit(db, request, reply, counters, services.clock.now());
    try {
      const linked = await link();
      await release(db, hits);
      return linked;
    } catch (error) {
      const refusedByProvider = error instanceof DomainError && PAYOUT_LINK_FAILURES.has(error.code);
      if (!refusedByProvider) await release(db, hits);
      throw error;
    }
  }

  return {
    getBankAccount: async (request) => getBankAccount(db, authOf(request).userId),

    putBankAccount: async (request, reply) => {
      const { current_password: password, ...body } = request.body;
      const user = await steppedUp(request, reply, password);
      const now = services.clock.now();
      const { bankAccount, destinationChanged } = await putBankAccount(db, user.id, bankAccountInputOf(body, now), now);
      if (destinationChanged) {
        await sendNotice(request, user, 'bank_account_notice', now, { destination: `${bankAccount.bankName} ${bankAccount.accountNumberMasked}` }, {
          opensAt: new Date(bankAccount.withdrawalsOpenAt),
        });
      }
      request.log.info({ userId: user.id, nameMismatch: bankAccount.nameMismatch, destinationChanged }, 'bank account saved');
      return { bankAccount };
    },

    getPayoutAccount: async (request) => getPayoutAccount(db, payouts, authOf(request).userId),

    linkPayoutAccount: async (request, reply) => {
      const { current_password: password, ...body } = request.body;
      // The Tipjar password before the provider is asked anything: a stolen session is no way to try credentials.
      const user = await steppedUp(request, reply, password);
      const now = services.clock.now();
      const linked = await withPayoutLinkLimits(request, reply, user.id, body.email, () => linkPayoutAccount(db, payouts, user.id, body, now));
      const account = linked.payoutAccount;
      await sendNotice(request, user, 'payout_account_notice', now, { provider: account.provider, destination: `${account.emailMasked} ••••${account.bankAccountLast4}` }, {
        opensAt: new Date(account.withdrawalsOpenAt),
      });
      request.log.info({ userId: user.id }, 'payout account linked');
      return linked;
    },

    unlinkPayoutAccount: async (request) => unlinkPayoutAccount(db, payouts, authOf(request).userId),
  } satisfies SomeHandlers;
}
