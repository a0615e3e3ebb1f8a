/** HTTP-level guarantees: caching headers, CORS, security headers, limits, error shapes, account mail, lock, config guards. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { call, pgliteDataDir, signUp, startTestApi, tokenFor, uniqueEmail, type TestApi } from './helpers/test-env.ts';

describe('HTTP safety', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({
      kind: 'pglite',
      config: { accountMailRateLimit: { max: 3, windowMs: 60_000, perClientMax: 3 } },
    });
  });
  after(async () => api?.close());

  it('public catalogue GETs carry ETag and Cache-Control and answer 304 to If-None-Match', async () => {
    for (const path of [
      '/api/community',
      '/api/community/1',
      '/api/community/base/1',
      '/api/communitybase/1',
      '/api/bunit',
      '/api/country',
      '/api/events',
      '/api/events/1',
    ]) {
      const first = await call(api.url, 'GET', path);
      const etag = first.headers.get('etag');
      assert.ok(etag, `${path} has an ETag`);
      // Browsers must revalidate (no stale-while-revalidate): a user's own join shows at once.
      assert.equal(first.headers.get('cache-control'), 'public, max-age=0, must-revalidate, s-maxage=30');
      const again = await call(api.url, 'GET', path, { headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304, path);
      assert.equal(again.text, '');
      assert.equal((await call(api.url, 'GET', path, { headers: { 'if-none-match': '"other"' } })).status, 200);
    }
    // A write changes the representation, so the old tag no longer matches.
    const before = await call(api.url, 'GET', '/api/community/2');
    await call(api.url, 'PUT', '/api/communitymembership/2', { token: await tokenFor('external@hub.test') });
    assert.equal(
      (await call(api.url, 'GET', '/api/community/2', { headers: { 'if-none-match': before.headers.get('etag')! } }))
        .status,
      200,
    );
    // Personal answers are never stored by caches.
    const mine = await call(api.url, 'GET', '/api/user', { token: await tokenFor('staff@hub.test') });
    assert.equal(mine.headers.get('cache-control'), 'no-store');
    assert.equal(mine.headers.get('etag'), null);
  });

  it('allows CORS only for the configured origins', async () => {
    const allowed = await call(api.url, 'OPTIONS', '/api/user', {
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    assert.equal(allowed.status, 204);
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    const simple = await call(api.url, 'GET', '/api/community', { headers: { origin: 'http://127.0.0.1:3000' } });
    assert.equal(simple.headers.get('access-control-allow-origin'), 'http://127.0.0.1:3000');
    const foreign = await call(api.url, 'GET', '/api/community', { headers: { origin: 'https://evil.example' } });
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
  });

  it('sends security headers', async () => {
    const answer = await call(api.url, 'GET', '/api/community');
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    assert.match(answer.headers.get('content-security-policy') ?? '', /default-src 'self'/);
    assert.ok(answer.headers.get('strict-transport-security'));
    assert.equal(answer.headers.get('x-powered-by'), null);
    assert.match(answer.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(answer.headers.get('cross-origin-resource-policy'), 'cross-origin', 'the site may read the API');
    const unknown = await call(api.url, 'POST', '/api/does-not-exist');
    assert.equal(unknown.headers.get('x-content-type-options'), 'nosniff', 'error answers carry them too');
  });

  it('answers JSON errors: unknown route 404, malformed JSON 400, oversize 413, wrong media type 415', async () => {
    const unknown = await call(api.url, 'GET', '/api/does-not-exist');
    assert.deepEqual([unknown.status, Object.keys(unknown.json).sort()], [404, ['details', 'message']]);
    const malformed = await call(api.url, 'POST', '/api/user/reset-password', {
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(malformed.status, 400);
    assert.ok(Array.isArray(malformed.json.details));
    const huge = await call(api.url, 'POST', '/api/user/reset-password', {
      body: { email: `${'a'.repeat(70_000)}@x.io` },
    });
    assert.equal(huge.status, 413);
    assert.equal(huge.json.message, 'Request body is too large');
    const xml = await call(api.url, 'POST', '/api/user/reset-password', {
      rawBody: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    assert.equal(xml.status, 415);
    assert.ok(xml.json.message);
  });

  it('publishes the OpenAPI description at /api/docs', async () => {
    const doc = (await call(api.url, 'GET', '/api/docs/json')).json;
    assert.equal(doc.openapi, '3.0.3');
    for (const path of [
      '/api/user',
      '/api/user/sync',
      '/api/communitymembership/{communityId}',
      '/api/events/{id}/attendance',
      '/api/admin/users/{id}/roles',
    ]) {
      assert.ok(doc.paths[path], `documents ${path}`);
    }
    assert.equal((await call(api.url, 'GET', '/api/docs')).status, 200);
  });

  it('sends the verification mail, refuses verified accounts, and rate-limits', async () => {
    const email = uniqueEmail('verify');
    const { token } = await signUp(email, { verified: false });
    const sent = await call(api.url, 'POST', '/api/user/activate-account', { token });
    assert.equal(sent.status, 200, sent.text);
    // Sent by the mail outbox's worker, woken by the request.
    const [mail] = await api.inbox.waitFor({ to: email });
    // The link opens the site's own action page, not the identity provider's handler.
    assert.match(mail!.text, new RegExp(`${api.config.siteUrl}/account/action\\?mode=verifyEmail&oobCode=[\\w-]+`));
    assert.equal(
      (await call(api.url, 'POST', '/api/user/activate-account', { token: await tokenFor('staff@hub.test') })).status,
      409,
    );
    assert.equal((await call(api.url, 'POST', '/api/user/activate-account')).status, 401);
    const limited = await call(api.url, 'POST', '/api/user/activate-account', { token });
    assert.equal(
      limited.status,
      429,
      'the fourth call from one client address in the window is refused (per-client ceiling)',
    );
    assert.deepEqual(Object.keys(limited.json).sort(), ['details', 'message']);
  });

  it('answers a reset request the same whether or not the account exists, and mails only a real one', async () => {
    const other = await startTestApi({ kind: 'pglite', seed: false });
    try {
      const known = await call(other.url, 'POST', '/api/user/reset-password', { body: { email: 'staff@hub.test' } });
      const unknown = await call(other.url, 'POST', '/api/user/reset-password', {
        body: { email: 'nobody-here@hub.test' },
      });
      assert.equal(known.status, 200);
      assert.equal(known.text, unknown.text);
      const mails = await other.inbox.waitFor({});
      // Give a stray second mail (to the unknown address) time to show: there must be exactly one.
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(
        (await other.inbox.mails()).map((m) => m.to),
        ['staff@hub.test'],
      );
      assert.match(
        mails[0]!.text,
        new RegExp(`${other.config.siteUrl}/account/action\\?mode=resetPassword&oobCode=[\\w-]+`),
      );
    } finally {
      await other.close();
    }
  });
});

describe('configuration and data folder guards', () => {
  it('refuses to start in production with the auth emulator configured', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
      /FIREBASE_AUTH_EMULATOR_HOST is set \(127\.0\.0\.1:9099\) while NODE_ENV=production/,
    );
  });

  it('a second process on the same PGlite folder fails with a clear message', async () => {
    const dir = pgliteDataDir('hub-lock-');
    const first = await connectDatabase({ dataDir: dir.path });
    try {
      // The holder must be another live process: pretend the lock belongs to our parent.
      const lockPath = join(dir.path, 'pglite.lock');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(lockPath, String(process.ppid));
      await assert.rejects(connectDatabase({ dataDir: dir.path }), (error: unknown) => {
        assert.ok(error instanceof DataDirLockedError);
        assert.match(error.message, /already in use by another API process/);
        return true;
      });
      writeFileSync(lockPath, String(process.pid));
    } finally {
      await first.close();
      dir.remove();
    }
  });
});
