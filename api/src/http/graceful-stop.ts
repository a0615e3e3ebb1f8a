/**
 * The stop a load balancer can live with (SIGTERM in production): readiness answers 503 at once, the
 * server keeps serving for `delayMs` so the balancer notices and routes elsewhere, then it stops
 * accepting, lets the requests in flight finish (their connections close after the answer: the
 * server's onSend hook sets `Connection: close` once draining), and closes the database. Requests
 * still running after `timeoutMs` are cut, so a stuck request cannot hold a stop for ever.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Readiness } from '../health/readiness.ts';

export interface DrainOptions {
  app: FastifyInstance;
  readiness: Readiness;
  delayMs: number;
  timeoutMs: number;
  closeDatabase(): Promise<void>;
}

export async function drainAndClose(opts: DrainOptions): Promise<void> {
  opts.readiness.startDraining();
  if (opts.delayMs > 0) {
    opts.app.log.info(`stopping: not ready; serving ${opts.delayMs} ms more before closing`);
    await sleep(opts.delayMs);
  }
  const cut = setTimeout(() => {
    opts.app.log.warn(`stopping: requests still running after ${opts.timeoutMs} ms are cut`);
    opts.app.server.closeAllConnections();
  }, opts.timeoutMs);
  cut.unref();
  try {
    // Stops accepting, closes idle keep-alive connections, and resolves when the busy ones have answered.
    await opts.app.close();
  } finally {
    clearTimeout(cut);
  }
  await opts.closeDatabase();
}
