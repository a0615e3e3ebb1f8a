/**
 * The browser error endpoints (src/observability/client-error-routes.ts): a report is schema-checked,
 * logged once at warn with its personal data scrubbed, and answered 204; the Reporting API's CSP
 * reports are read as `application/reports+json`; junk never causes a 5xx; each client address is
 * rate-limited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApi, type TestApi } from './helpers/test-env.ts';

interface WarnLine {
  level: number;
  msg: string;
  clientError?: Record<string, unknown>;
}
const WARN = 40;

const report = (overrides: Record<string, unknown> = {}) => ({
  kind: 'error',
  message: 'TypeError: x is undefined',
  app: 'events',
  build: '20261127T100000Z-abc',
  page: '/events/event-list',
  ...overrides,
});

describe('browser error reports', () => {
  let api: TestApi;
  const raw: string[] = [];
  const reported = () =>
    raw
      .map((l) => JSON.parse(l) as WarnLine)
      .filter((l) => l.msg === 'browser error')
      .map((l) => {
        assert.equal(l.level, WARN);
        return l.clientError!;
      });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    call(api.url, 'POST', '/api/client-errors', { body, headers: { origin: 'http://localhost:3000', ...headers } });

  before(async () => {
    api = await startTestApi({
      kind: 'pglite',
      config: { logLevel: 'info', clientErrorRateLimit: { max: 12, windowMs: 60_000 } },
      logStream: { write: (line) => void raw.push(line) },
    });
  });
  after(async () => api?.close());

  it('logs a report at warn with its app, build and page, scrubbed of personal data, and answers 204', async () => {
    const secret = 'eyJhbGciOiJSUzI1NiJ9eyJzdWIiOiJqYW5lIn0abcdefghijkl';
    const answer = await post({
      reports: [
        report({
          kind: 'api',
          status: 503,
          message: `GET /api/calendar/${secret}.ics failed for jane.doe@corp.test`,
          page: 'https://hub.example/my-account?email=jane.doe@corp.test',
          source: 'https://hub.example/remote-events/main.js?v=1',
          line: 3,
          column: 14,
          stack: `Error\n    at f (https://hub.example/remote-events/main.js?token=${secret}:3:14)`,
          repeats: 4,
        }),
      ],
    });
    assert.equal(answer.status, 204, answer.text);
    assert.equal(answer.text, '');
    assert.equal(answer.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    const [logged] = reported();
    assert.deepEqual(logged, {
      kind: 'api',
      app: 'events',
      build: '20261127T100000Z-abc',
      page: '/my-account',
      source: 'https://hub.example/remote-events/main.js',
      line: 3,
      column: 14,
      status: 503,
      repeats: 4,
      message: 'GET /api/calendar/[redacted].ics failed for [email]',
      stack: 'Error\n    at f (https://hub.example/remote-events/main.js:3:14)',
    });
    assert.ok(!raw.join('').includes('jane.doe') && !raw.join('').includes(secret));
  });

  it('reads CSP violation reports sent by the Reporting API, ignoring other report types', async () => {
    const before = reported().length;
    const answer = await call(api.url, 'POST', '/api/client-errors/csp', {
      rawBody: JSON.stringify([
        {
          type: 'csp-violation',
          age: 10,
          url: 'https://hub.example/community/1?x=y',
          user_agent: 'Chrome',
          body: {
            documentURL: 'https://hub.example/community/1?x=y',
            blockedURL: 'https://evil.example/steal.js?c=jane@corp.test',
            effectiveDirective: 'script-src-elem',
            originalPolicy: "default-src 'self'",
            disposition: 'enforce',
            sourceFile: 'https://hub.example/main.js',
            lineNumber: 1,
            columnNumber: 2,
            statusCode: 200,
            sample: '',
          },
        },
        { type: 'deprecation', url: 'https://hub.example/', body: { id: 'x' } },
      ]),
      headers: { 'content-type': 'application/reports+json' },
    });
    assert.equal(answer.status, 204, answer.text);
    const added = reported().slice(before);
    assert.deepEqual(added, [
      {
        kind: 'csp',
        app: 'host',
        page: '/community/1',
        directive: 'script-src-elem',
        blocked: 'https://evil.example/steal.js',
        disposition: 'enforce',
        source: 'https://hub.example/main.js',
        line: 1,
        column: 2,
      },
    ]);
  });

  it('reads the CSP report-uri reports of browsers without the Reporting API (application/csp-report)', async () => {
    const before = reported().length;
    // What Firefox sends to a policy's report-uri (CSP Level 2's kebab-case body).
    const answer = await call(api.url, 'POST', '/api/client-errors/csp', {
      rawBody: JSON.stringify({
        'csp-report': {
          'blocked-uri': 'https://evil.example/steal.js?c=jane@corp.test',
          'column-number': 7,
          disposition: 'enforce',
          'document-uri': 'https://hub.example/events/31?email=jane@corp.test',
          'effective-directive': 'script-src-elem',
          'line-number': 3,
          'original-policy': "default-src 'self'; report-uri https://hub.example/api/client-errors/csp",
          referrer: '',
          'script-sample': '',
          'source-file': 'https://hub.example/main.js',
          'status-code': 200,
          'violated-directive': 'script-src-elem',
        },
      }),
      headers: { 'content-type': 'application/csp-report' },
    });
    assert.equal(answer.status, 204, answer.text);
    assert.deepEqual(reported().slice(before), [
      {
        kind: 'csp',
        app: 'host',
        page: '/events/31',
        directive: 'script-src-elem',
        blocked: 'https://evil.example/steal.js',
        disposition: 'enforce',
        source: 'https://hub.example/main.js',
        line: 3,
        column: 7,
      },
    ]);
    // An older browser names only the violated directive.
    const older = await call(api.url, 'POST', '/api/client-errors/csp', {
      rawBody: JSON.stringify({
        'csp-report': { 'document-uri': 'https://hub.example/', 'violated-directive': 'img-src' },
      }),
      headers: { 'content-type': 'application/csp-report' },
    });
    assert.equal(older.status, 204, older.text);
    assert.equal(reported().at(-1)!.directive, 'img-src');
  });

  it('refuses what the schema does not allow with 400, and junk with a 4xx, never a 5xx', async () => {
    const before = reported().length;
    const refusals = [
      { reports: [] },
      { reports: [report({ kind: 'bogus' })] },
      { reports: [report({ app: 'Events; drop table' })] },
      { reports: [report({ build: 'a b' })] },
      { reports: [report({ message: 'x'.repeat(1001) })] },
      { reports: Array.from({ length: 11 }, () => report()) },
      { reports: [report({ status: 900 })] },
      [report()],
    ];
    for (const body of refusals) {
      const answer = await post(body);
      assert.equal(answer.status, 400, `${JSON.stringify(body).slice(0, 80)} → ${answer.status}`);
      assert.ok(Array.isArray(answer.json.details));
    }
    for (const [rawBody, type] of [
      ['{"reports": [', 'application/json'],
      ['not json', 'application/reports+json'],
      ['<xml/>', 'text/xml'],
      ['', 'application/json'],
    ] as const) {
      const answer = await call(api.url, 'POST', '/api/client-errors', { rawBody, headers: { 'content-type': type } });
      assert.ok(answer.status >= 400 && answer.status < 500, `${type} ${rawBody} → ${answer.status}`);
    }
    const csp = await call(api.url, 'POST', '/api/client-errors/csp', {
      rawBody: '{"type": "csp-violation"}',
      headers: { 'content-type': 'application/reports+json' },
    });
    assert.equal(csp.status, 400);
    for (const rawBody of ['{"csp-report": "x"}', '{"csp-report": {"line-number": -1}}', '{}', 'not json']) {
      const legacy = await call(api.url, 'POST', '/api/client-errors/csp', {
        rawBody,
        headers: { 'content-type': 'application/csp-report' },
      });
      assert.equal(legacy.status, 400, `${rawBody} → ${legacy.status}`);
    }
    assert.equal(reported().length, before, 'nothing refused is logged');
  });

  it('limits each client address, with Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 14; i++) {
      last = await post({ reports: [report()] });
      statuses.push(last.status);
    }
    assert.ok(statuses.includes(204));
    assert.equal(statuses.at(-1), 429);
    assert.match(last!.headers.get('retry-after') ?? '', /^\d+$/);
    assert.equal(last!.json.message, 'Too many requests: try again later');
  });
});
