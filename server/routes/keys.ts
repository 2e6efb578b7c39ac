import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth/authenticate';
import { IDEMPOTENCY_HEADER } from '../http/idempotency';
import type { KeyRef } from '../idempotency/store';

/** The Idempotency-Key of a money-moving request, as the row that stores its answer is keyed. */
export function keyRefOf(request: FastifyRequest): KeyRef {
  const config = request.routeOptions.config as { operationId?: string };
  return { userId: authOf(request).userId, operationId: String(config.operationId), key: String(request.headers[IDEMPOTENCY_HEADER]) };
}
