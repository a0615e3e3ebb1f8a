/** The shared Redis connection (HUB_REDIS_URL) for counters every API process must agree on. */
import { Redis } from 'ioredis';
import type { App } from './app-type.ts';

export function connectRedis(url: string, app: App): Redis {
  // Short timeouts and one retry, as @fastify/rate-limit advises: a slow Redis must not hold requests.
  const redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis: connection problem'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
