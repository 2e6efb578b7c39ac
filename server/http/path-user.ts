import type { FastifyRequest } from 'fastify';

/** The `{userId}` of the path, if the route has one (path parameters are text from the router, even before validation). */
export function userIdInPath(request: FastifyRequest): string | undefined {
  const params: unknown = request.params;
  if (typeof params !== 'object' || params === null || !('userId' in params)) return undefined;
  return typeof params.userId === 'string' ? params.userId : undefined;
}
