import type { components } from '../../openapi/schema';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { isSettableClock } from '../clock';
import { latestOutboxMessages } from '../dev/outbox-messages';
import { findUserIdByIdOrEmail } from '../accounts/users';
import { parseAmount } from '../../domain/money/amount';
import { depositView, noticeUsdtTransfer, usdtAddressOf } from '../wallet/deposits';
import { writeDevClockOffset } from '../dev/dev-clock';
import { takeBrowserTrail } from '../dev/browser-trail';
import { DomainError } from '../problems/domain-error';

type Schemas = components['schemas'];

/**
 * Development tools: the outbox, where tests and developers read codes and links, the shared test clock,
 * sandbox USDT transfers and the browser trail (the lifecycle transitions a browser test's clicks caused). Operations marked `x-dev-only` get no route in production, and outside it answer only a
 * peer on this machine (server/http/operations.ts); to anyone else they are 404 like a route that does not exist.
 * No route grants a role: `npm run admin -- grant-auditor <email>` does (server/roles/admin-command.ts).
 */
export function devHandlers(services: Services) {
  const db = services.database.db;
  const clock = services.clock;

  const clockState = (): Schemas['DevClock'] => ({
    now: clock.now().toISOString(),
    offsetMs: isSettableClock(clock) ? clock.offset : 0,
  });

  return {
    getDevOutbox: async (request) => {
      const { to, limit } = request.query;
      return { messages: await latestOutboxMessages(db, to, limit ?? 20) };
    },

    getDevClock: async () => clockState(),

    getDevBrowserTrail: async (request) => ({ transitions: await takeBrowserTrail(request.query.test) }),

    simulateUsdtTransfer: async (request, reply) => {
      const { body } = request;
      const sandbox = services.providers.sandbox;
      if (!sandbox) throw new DomainError('sandbox_unavailable');
      const cents = parseAmount(body.amount);
      if (cents === null) throw new DomainError('amount_invalid');
      if (cents <= 0) throw new DomainError('amount_not_positive');
      const user = await findUserIdByIdOrEmail(db, body.user);
      if (!user) throw new DomainError('user_not_found');
      const now = clock.now();
      const address = await usdtAddressOf(db, services.providers.usdt, user.id, now);
      const txHash = await sandbox.usdt.simulateTransfer(address, cents);
      const deposit = await noticeUsdtTransfer(db, services.providers.usdt, txHash, now);
      request.log.info({ userId: user.id, depositId: deposit.id }, 'sandbox USDT transfer');
      reply.code(201);
      return { txHash, address, deposit: await depositView(db, deposit, services.providers.usdt.requiredConfirmations) };
    },

    setDevClock: async (request) => {
      const { body } = request;
      if (!isSettableClock(clock)) throw new DomainError('clock_fixed');
      const current = clock.offset;
      const next = body.advanceMs !== undefined ? current + body.advanceMs : (body.offsetMs ?? current);
      await writeDevClockOffset(db, next);
      clock.setOffset(next);
      request.log.info({ offsetMs: next }, 'test clock moved');
      return clockState();
    },
  } satisfies SomeHandlers;
}
