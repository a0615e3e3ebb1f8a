/**
 * Tracing (src/observability/tracing.ts): with the SDK started before the app's modules, as
 * register-tracing.ts starts it, a request carrying a browser's traceparent gives a server span in
 * that trace, named after its route, and the SQL it ran gives spans in the same trace, children of
 * it: a click joined to its SQL. The request id of the access line is that trace id. Without a
 * tracing setting nothing is started (wantedTraceExporter).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { SpanKind } from '@opentelemetry/api';
import { startTracing } from '../src/observability/tracing.ts';
import { wantedTraceExporter } from '../src/observability/tracing-settings.ts';

// Before anything imports `pg` or starts an HTTP server: what `--import register-tracing` does.
const exporter = new InMemorySpanExporter();
const tracing = startTracing({ exporter, immediate: true });
const { call, postgresAdminUrl, startTestApi } = await import('./helpers/test-env.ts');
type TestApi = Awaited<ReturnType<typeof startTestApi>>;

describe('tracing settings', () => {
  it('is off unless an exporter or an OTLP endpoint is named, and off when disabled', () => {
    assert.equal(wantedTraceExporter({}), undefined);
    assert.equal(
      wantedTraceExporter({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }),
      undefined,
    );
    assert.equal(wantedTraceExporter({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), 'otlp');
    assert.equal(
      wantedTraceExporter({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }),
      'otlp',
    );
    assert.equal(wantedTraceExporter({ OTEL_TRACES_EXPORTER: 'otlp' }), 'otlp');
    assert.equal(wantedTraceExporter({ OTEL_TRACES_EXPORTER: 'console' }), 'console');
    assert.equal(wantedTraceExporter({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' }), undefined);
    assert.throws(() => wantedTraceExporter({ OTEL_TRACES_EXPORTER: 'zipkin' }), /OTEL_TRACES_EXPORTER/);
  });
});

for (const kind of ['postgres', 'pglite'] as const) {
  describe(`traces (${kind})`, { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false }, () => {
    let api: TestApi;
    before(async () => {
      api = await startTestApi({ kind, config: { readCache: 'off' } });
    });
    after(async () => api?.close());

    it("puts the request's server span and its SQL in the trace of the traceparent it was sent", async () => {
      exporter.reset();
      const traceId = randomBytes(16).toString('hex');
      const parentSpanId = randomBytes(8).toString('hex');
      const answer = await call(api.url, 'GET', '/api/community/1', {
        headers: { traceparent: `00-${traceId}-${parentSpanId}-01` },
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('x-request-id'), traceId, 'the access line and the trace share the id');

      const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      const server = spans.find((s) => s.kind === SpanKind.SERVER);
      assert.ok(server, `a server span in the trace; got ${spans.map((s) => s.name).join(', ')}`);
      assert.equal(server.parentSpanContext?.spanId, parentSpanId, "the browser's span is its parent");
      assert.equal(server.name, 'GET /api/community/:id');
      assert.equal(server.attributes['http.route'], '/api/community/:id');

      const sql = spans.filter((s) => s.kind === SpanKind.CLIENT && s.attributes['db.system.name'] === 'postgresql');
      assert.ok(sql.length > 0, `SQL spans in the trace; got ${spans.map((s) => s.name).join(', ')}`);
      const ids = new Map(spans.map((s) => [s.spanContext().spanId, s] as const));
      const descendsFromServer = (span: ReadableSpan): boolean => {
        for (let at: ReadableSpan | undefined = span; at; at = ids.get(at.parentSpanContext?.spanId ?? '')) {
          if (at === server) return true;
        }
        return false;
      };
      assert.ok(sql.every(descendsFromServer), 'every statement hangs under the request');
      assert.ok(
        // The community by its id (then who may see it: api/src/services/visibility.ts).
        sql.some((s) => /^select .* where "c"."id" = \$1(?: and |$)/s.test(String(s.attributes['db.query.text']))),
        'the statement is on the span, with its parameters as placeholders',
      );
    });

    it('records no query string, feed secret, client address or user agent on the server span', async () => {
      exporter.reset();
      const secret = randomBytes(32).toString('base64url');
      await call(api.url, 'GET', `/api/calendar/${secret}.ics?email=jane.doe@corp.test`);
      const server = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER);
      assert.ok(server);
      assert.equal(server.attributes['url.path'], '/api/calendar/[redacted].ics');
      assert.equal(server.attributes['http.route'], '/api/calendar/:token.ics');
      const recorded = JSON.stringify(exporter.getFinishedSpans().map((s) => s.attributes));
      for (const leak of [secret, 'jane.doe', 'undici'])
        assert.ok(!recorded.includes(leak), `no ${leak.slice(0, 10)} in the spans`);
      for (const name of ['client.address', 'network.peer.address', 'url.query', 'user_agent.original'])
        assert.equal(server.attributes[name], undefined, name);
    });

    it('starts a trace of its own without a traceparent, and the request id names it', async () => {
      exporter.reset();
      const answer = await call(api.url, 'GET', '/api/country');
      const id = answer.headers.get('x-request-id')!;
      assert.match(id, /^[0-9a-f]{32}$/);
      const server = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER);
      assert.equal(server?.spanContext().traceId, id);
    });
  });
}

after(async () => tracing.shutdown());
