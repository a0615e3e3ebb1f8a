/**
 * Whether the API traces, from the standard OpenTelemetry settings. Kept apart from tracing.ts so that
 * deciding loads none of the SDK: a process that does not trace pays nothing for it.
 */

/**
 * Whether tracing is on: `OTEL_TRACES_EXPORTER` set to `otlp` or `console`, or an OTLP endpoint
 * given (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) with no exporter
 * named; `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` switch it off whatever else is set.
 * Unlike the specification's default (otlp), nothing is exported unless asked: a process without a
 * collector must not spend time on spans or retry a missing endpoint.
 */
export function wantedTraceExporter(env: NodeJS.ProcessEnv): 'otlp' | 'console' | undefined {
  if (env['OTEL_SDK_DISABLED']?.trim().toLowerCase() === 'true') return undefined;
  const named = env['OTEL_TRACES_EXPORTER']?.trim().toLowerCase();
  if (named === 'none') return undefined;
  if (named === 'otlp' || named === 'console') return named;
  if (named) throw new Error(`OTEL_TRACES_EXPORTER must be otlp, console or none, got "${named}"`);
  return env['OTEL_EXPORTER_OTLP_ENDPOINT'] || env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] ? 'otlp' : undefined;
}
