/**
 * The access log as an operator reads it (src/observability/access-log.ts): one JSON line per
 * request at info, with method, route pattern, status, duration and the request id, which is the
 * caller's X-Request-Id, else the trace id of its traceparent, else a fresh UUID, and which the
 * answer echoes. No token, cookie, query string or calendar-feed secret reaches the line.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { call, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number;
  durationMs?: number;
}

const INFO = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('access log', () => {
  let api: TestApi;
  const raw: string[] = [];
  const lines = () => raw.map((line) => JSON.parse(line) as LogLine);
  const accessLinesOf = (requestId: string) => lines().filter((l) => l.msg === 'request' && l.requestId === requestId);

  before(async () => {
    api = await startTestApi({
      kind: 'pglite',
      config: { logLevel: 'info' },
      logStream: { write: (line) => void raw.push(line) },
    });
  });
  after(async () => api?.close());

  it('writes one line per request with the X-Request-Id the caller sent, and echoes it', async () => {
    const answer = await call(api.url, 'GET', '/api/community/1', { headers: { 'x-request-id': 'probe-4711' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('x-request-id'), 'probe-4711');
    const found = accessLinesOf('probe-4711');
    assert.equal(found.length, 1, 'exactly one access line for the request');
    const [line] = found;
    assert.equal(line!.level, INFO);
    assert.equal(line!.method, 'GET');
    assert.equal(line!.route, '/api/community/:id', 'the route pattern, not the address');
    assert.equal(line!.path, '/api/community/1');
    assert.equal(line!.status, 200);
    assert.equal(typeof line!.durationMs, 'number');
    assert.ok(line!.durationMs! >= 0);
    assert.equal(
      lines().filter((l) => l.requestId === 'probe-4711').length,
      1,
      "Fastify's own request lines are off: nothing else is logged for a plain read",
    );
  });

  it('takes the trace id of a traceparent, and makes a UUID (unique, not a counter) when there is neither', async () => {
    const traceId = randomBytes(16).toString('hex');
    const traced = await call(api.url, 'GET', '/api/country', {
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    assert.equal(traced.headers.get('x-request-id'), traceId);
    assert.equal(accessLinesOf(traceId).length, 1);
    assert.equal(accessLinesOf(traceId)[0]!.status, 200);

    const first = (await call(api.url, 'GET', '/api/country')).headers.get('x-request-id')!;
    const second = (await call(api.url, 'GET', '/api/country')).headers.get('x-request-id')!;
    assert.match(first, UUID);
    assert.match(second, UUID);
    assert.notEqual(first, second);
    assert.equal(accessLinesOf(first).length, 1);
  });

  it('refuses an id that could forge a line, and an all-zero traceparent', async () => {
    const forged = await call(api.url, 'GET', '/api/country', { headers: { 'x-request-id': 'a"} {"level":60' } });
    assert.match(forged.headers.get('x-request-id')!, UUID);
    const zero = await call(api.url, 'GET', '/api/country', {
      headers: { traceparent: `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01` },
    });
    assert.match(zero.headers.get('x-request-id')!, UUID);
  });

  it('writes no token, query string or feed secret, also for refusals and unknown addresses', async () => {
    const token = await tokenFor('staff@hub.test');
    const secret = randomBytes(32).toString('base64url');
    const feed = await call(api.url, 'GET', `/api/calendar/${secret}.ics?from=jane.doe@corp.test`, {
      token,
      headers: { cookie: 'session=s3cr3t-cookie' },
    });
    assert.equal(feed.status, 404);
    const feedLine = accessLinesOf(feed.headers.get('x-request-id')!)[0]!;
    assert.equal(feedLine.route, '/api/calendar/:token.ics');
    assert.equal(feedLine.path, '/api/calendar/[redacted].ics');

    const search = await call(api.url, 'GET', '/api/events?q=jane.doe%40corp.test', { token });
    assert.equal(accessLinesOf(search.headers.get('x-request-id')!)[0]!.path, '/api/events');

    const unknown = await call(api.url, 'GET', `/api/calendars/${secret}.ics`);
    assert.equal(unknown.status, 404);
    const unknownLine = accessLinesOf(unknown.headers.get('x-request-id')!)[0]!;
    assert.equal(unknownLine.route, '(unmatched)');
    assert.equal(unknownLine.path, '/api/calendars/[redacted].ics');

    const refused = await call(api.url, 'PUT', '/api/communitymembership/1', { token: 'not-a-token' });
    assert.equal(refused.status, 401);
    assert.equal(accessLinesOf(refused.headers.get('x-request-id')!)[0]!.status, 401);

    const everything = raw.join('\n');
    for (const leak of [token, secret, 'jane.doe', 's3cr3t-cookie', 'not-a-token', 'Bearer'])
      assert.ok(!everything.includes(leak), `the log must not contain ${leak.slice(0, 12)}…`);
  });
});
