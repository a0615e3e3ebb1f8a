/**
 * OpenTelemetry tracing of the API: a server span per HTTP request (joined to the caller's W3C
 * `traceparent`, which the apps send), a span per SQL statement and pool checkout, and client spans
 * for outgoing calls (identity, Graph). Off unless asked for with the standard settings
 * (`wantsTracing`); when off nothing is loaded or patched, and `@opentelemetry/api` stays the no-op
 * it is by default. Started by register-tracing.ts before the app's modules are loaded, since the
 * instrumentations patch `http` and `pg` as they are imported.
 */
import { register } from 'node:module';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { loggablePath } from './loggable-path.ts';

/** Attributes the HTTP instrumentation would record that identify a person or carry secrets: left out. */
const PRIVATE_ATTRIBUTES = {
  'url.query': undefined,
  'client.address': undefined,
  'network.peer.address': undefined,
  'network.peer.port': undefined,
  'user_agent.original': undefined,
};

/** Requests not worth a trace: the probes and scrapes that arrive every few seconds. */
const UNTRACED_PATHS = new Set(['/metrics', '/api/health/live', '/api/health/ready']);

export interface TracingOptions {
  /** Where spans go: an OTLP exporter in production, an in-memory one in tests. */
  exporter: SpanExporter;
  /** Export each span as it ends (tests) rather than in batches (production). */
  immediate?: boolean;
}

export interface Tracing {
  shutdown(): Promise<void>;
}

export function startTracing(options: TracingOptions): Tracing {
  // ES modules are patched through import-in-the-middle's loader hook (`import pg from 'pg'` never
  // goes through require); CommonJS requires through require-in-the-middle, set up by the instrumentations.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES still win: the provider merges the environment's resource.
    resource: resourceFromAttributes({ 'service.name': process.env['OTEL_SERVICE_NAME'] || 'hub-api' }),
    spanProcessors: [
      options.immediate ? new SimpleSpanProcessor(options.exporter) : new BatchSpanProcessor(options.exporter),
    ],
  });
  // Registers the W3C trace-context propagator and the AsyncLocalStorage context manager.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?', 1)[0] ?? ''),
        // As in the access log: no query string, feed secret, client address or user agent in a span.
        startIncomingSpanHook: (request) => ({ ...PRIVATE_ATTRIBUTES, 'url.path': loggablePath(request.url ?? '') }),
      }),
      // Statements as Kysely writes them (parameters, never values): no personal data in a span. Only
      // under a request: the outbox's polls every few seconds would otherwise be a trace each.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}

/** The exporter the settings name (OTLP over HTTP reads its endpoint and headers from OTEL_* itself). */
export function exporterFor(kind: 'otlp' | 'console'): SpanExporter {
  return kind === 'otlp' ? new OTLPTraceExporter() : new ConsoleSpanExporter();
}
