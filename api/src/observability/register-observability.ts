/**
 * What operators see of the API, registered in one place: the access log with request ids, the
 * Prometheus metrics and their own listener, the span names of tracing (tracing itself is started
 * before the app's modules: register-tracing.ts).
 */
import type { App } from '../http/app-type.ts';
import { registerAccessLog } from './access-log.ts';
import { registerHttpMetrics } from './http-metrics.ts';
import type { ApiMetrics } from './metrics.ts';
import { startMetricsServer, type MetricsServer } from './metrics-server.ts';
import { registerTraceRoute } from './trace-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The `/metrics` listener once the server is ready; null when HUB_METRICS_PORT is not set. */
    metricsServer: MetricsServer | null;
  }
}

export interface ObservabilityOptions {
  metrics: ApiMetrics;
  /** HUB_METRICS_PORT: undefined starts no listener; 0 takes a free port (tests). */
  metricsPort: number | undefined;
  metricsHost: string;
}

export function registerObservability(app: App, options: ObservabilityOptions): void {
  registerAccessLog(app);
  registerHttpMetrics(app, options.metrics);
  registerTraceRoute(app);
  app.decorate('metricsServer', null);
  const { metricsPort } = options;
  if (metricsPort === undefined) return;
  app.addHook('onReady', async () => {
    app.metricsServer = await startMetricsServer(options.metrics.registry, metricsPort, options.metricsHost);
  });
  app.addHook('onClose', async () => app.metricsServer?.close());
}
