/** Times every answer by route pattern and status, and counts the rate limits' refusals (any 429). */
import type { App } from '../http/app-type.ts';
import { routeOf } from './access-log.ts';
import type { ApiMetrics } from './metrics.ts';

export function registerHttpMetrics(app: App, metrics: ApiMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    metrics.httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    // Every limit answers 429 (@fastify/rate-limit and the account-mail limits alike): one place counts them all.
    if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route });
  });
}
