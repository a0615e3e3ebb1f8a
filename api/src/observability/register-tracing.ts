/**
 * Preloaded before the API's own modules when tracing may be wanted:
 *   node --import ./dist/observability/register-tracing.js dist/main.js api     (compiled)
 *   tsx --import ./src/observability/register-tracing.ts src/main.ts            (from source)
 * or NODE_OPTIONS="--import …". It must come first: the instrumentations patch `http` and `pg` as
 * they are loaded. With no tracing setting (wantedTraceExporter) it does nothing at all.
 */
import { wantedTraceExporter } from './tracing-settings.ts';

const kind = wantedTraceExporter(process.env);
if (kind) {
  // Loaded only when wanted: the SDK and its instrumentations cost start-up time and memory.
  const { exporterFor, startTracing } = await import('./tracing.ts');
  const tracing = startTracing({ exporter: exporterFor(kind) });
  // The last batch of spans is sent before the process exits (SIGTERM drains the API first).
  const flush = () => void tracing.shutdown().catch(() => undefined);
  process.once('beforeExit', flush);
}
