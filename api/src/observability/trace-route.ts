/**
 * Names the server span of a request after its route (`GET /api/community/:id`) and sets
 * `http.route`: the HTTP instrumentation sees only the raw address, and a span per address would
 * scatter one endpoint over as many names as it has ids. A no-op when tracing is off.
 */
import { trace } from '@opentelemetry/api';
import type { App } from '../http/app-type.ts';
import { UNMATCHED_ROUTE, routeOf } from './access-log.ts';

export function registerTraceRoute(app: App): void {
  app.addHook('onRequest', async (request) => {
    const span = trace.getActiveSpan();
    if (!span?.isRecording()) return;
    const route = routeOf(request);
    if (route === UNMATCHED_ROUTE) return;
    span.setAttribute('http.route', route);
    span.updateName(`${request.method} ${route}`);
  });
}
