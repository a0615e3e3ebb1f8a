import type { FastifyRequest } from 'fastify';

/**
 * For routes whose body fields are all optional: a request with no body at all (SPEC.md §7's
 * "empty body") is validated as `{}` instead of failing "body must be object".
 */
export async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}
