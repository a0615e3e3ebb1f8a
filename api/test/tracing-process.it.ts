/**
 * Tracing as production switches it on: the API process started with the preload
 * (`--import ./src/observability/register-tracing.ts`) and the standard OTLP settings sends the spans
 * of a request (its server span and its SQL, in the browser's trace) to the collector's
 * `/v1/traces`; with the preload but no setting, nothing is sent.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { spawnApi, type ApiProcess } from './helpers/api-process.ts';
import { until } from './helpers/mail-outbox.ts';
import { call, emulatorHost, pgliteDataDir } from './helpers/test-env.ts';

const PRELOAD = './src/observability/register-tracing.ts';

interface OtlpBody {
  resourceSpans: { scopeSpans: { spans: { traceId: string; name: string }[] }[] }[];
}

/** An OTLP/HTTP collector stand-in: keeps every body posted to /v1/traces, with its content type. */
function collector(): Promise<{ server: Server; url: string; bodies: { type: string; body: Buffer }[] }> {
  const bodies: { type: string; body: Buffer }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces')
        bodies.push({ type: request.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies }),
    ),
  );
}

describe('tracing in the API process', () => {
  let otlp: Awaited<ReturnType<typeof collector>>;
  const running: ApiProcess[] = [];
  const dirs: { remove(): void }[] = [];
  const start = (env: Record<string, string>) => {
    const dir = pgliteDataDir('hub-tracing-');
    dirs.push(dir);
    return spawnApi(
      { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), HUB_DATA_DIR: dir.path, ...env },
      { preload: [PRELOAD] },
    ).then((proc) => (running.push(proc), proc));
  };
  before(async () => {
    otlp = await collector();
  });
  after(async () => {
    await Promise.all(running.map((p) => p.kill('SIGTERM')));
    dirs.forEach((d) => d.remove());
    otlp.server.close();
  });

  it('exports the server span and its SQL spans in the trace the request named', async () => {
    const api = await start({
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_SERVICE_NAME: 'hub-api-test',
    });
    const traceId = randomBytes(16).toString('hex');
    const answer = await call(api.url, 'GET', '/api/community/1', {
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    assert.equal(answer.status, 200);
    const exported = () => otlp.bodies.map((b) => b.body.toString('latin1')).join('\n');
    await until('the spans of the request reach the collector', () => exported().includes(traceId), 20_000);
    assert.ok(otlp.bodies.every((b) => b.type === 'application/json'));
    const spans = otlp.bodies
      .flatMap((b) => (JSON.parse(b.body.toString()) as OtlpBody).resourceSpans)
      .flatMap((r) => r.scopeSpans.flatMap((scope) => scope.spans));
    const inTrace = spans.filter((span) => span.traceId === traceId);
    assert.ok(
      inTrace.some((span) => span.name === 'GET /api/community/:id'),
      'the server span, named after its route',
    );
    assert.ok(
      inTrace.some((span) => span.name.startsWith('pg.query')),
      'the SQL of the request, in its trace',
    );
    assert.ok(
      spans.every((span) => span.traceId === traceId || !span.name.startsWith('pg.')),
      'no SQL span outside a request (the outbox polls, migrations): statements are traced only under a request',
    );
    assert.ok(exported().includes('hub-api-test'), 'the service name from OTEL_SERVICE_NAME');
    await api.kill('SIGTERM');
  });

  it('sends nothing without a tracing setting', async () => {
    const before = otlp.bodies.length;
    const api = await start({ OTEL_BSP_SCHEDULE_DELAY: '100' });
    assert.equal((await call(api.url, 'GET', '/api/community/1')).status, 200);
    await new Promise((r) => setTimeout(r, 1_000));
    assert.equal(otlp.bodies.length, before);
  });
});
