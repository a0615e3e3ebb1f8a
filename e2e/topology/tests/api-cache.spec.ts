import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ApiUser } from '../../support/hub-api';
import { topologyInfo } from '../topology-info.ts';

/**
 * nginx's shared cache of the API's public reads (serving/src/nginx-config.ts, HUB_NGINX_API_CACHE,
 * on as production runs it): an anonymous catalogue read is answered from the cache once one reader
 * has filled it; a signed-in request is never answered from it and its answer is never stored; an
 * answer the API marks no-store never is either. Whether a request reached an API replica is read
 * from the replicas' own access logs by its X-Request-Id (nginx passes the client's on).
 */
const topology = topologyInfo();

/** Every access line the replicas have written, over all their runs (a fault test restarts them). */
function replicaLogs(): string {
  const dir = topology.apiSettings.logDir;
  return readdirSync(dir)
    .filter((file) => /^api-\d+\.\d+\.log$/.test(file))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n');
}

async function read(pathname: string, token?: string) {
  const id = `cache-test-${randomUUID()}`;
  const answer = await fetch(`${topology.siteOrigin}${pathname}`, {
    headers: { 'x-request-id': id, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = await answer.text();
  // The replica writes its access line as it answers: give the file a moment under load.
  const reachedApi = await expect
    .poll(() => replicaLogs().includes(`"${id}"`), { timeout: 2_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  return { status: answer.status, cacheControl: answer.headers.get('cache-control'), body, reachedApi };
}

test("an anonymous catalogue read is answered from nginx's cache once one reader filled it", async () => {
  // A key of its own (the query string is part of it; the API ignores the unknown parameter).
  const pathname = `/api/events/31?cache-test=${randomUUID()}`;
  const first = await read(pathname);
  expect(first.status).toBe(200);
  expect(first.cacheControl).toBe('public, max-age=0, must-revalidate, s-maxage=30');
  expect(first.reachedApi, 'the first reader fills the cache').toBe(true);
  const second = await read(pathname);
  expect(second.reachedApi, 'the second is answered by nginx').toBe(false);
  expect(second.body).toBe(first.body);
});

test('a signed-in request is never answered from the cache, nor is its answer stored', async () => {
  const token = await new ApiUser('external@hub.test').idToken();
  const pathname = `/api/events/31?cache-test=${randomUUID()}`;
  // Signed in first, twice: both reach the API; nothing was stored for the anonymous reader after.
  expect((await read(pathname, token)).reachedApi).toBe(true);
  expect((await read(pathname, token)).reachedApi).toBe(true);
  expect((await read(pathname)).reachedApi, 'the signed-in answers were not stored').toBe(true);
  // Now the entry is filled by an anonymous reader: a signed-in request still goes to the API.
  expect((await read(pathname)).reachedApi).toBe(false);
  expect((await read(pathname, token)).reachedApi, 'a filled entry is never served with a token').toBe(true);
});

test('an answer the API marks no-store is never kept', async () => {
  const token = await new ApiUser('external@hub.test').idToken();
  for (const [pathname, withToken] of [
    ['/api/user', token],
    ['/api/user', undefined],
    ['/api/health/ready', undefined],
  ] as const) {
    const answers = [await read(pathname, withToken), await read(pathname, withToken)];
    for (const answer of answers) {
      expect(answer.cacheControl, pathname).toBe('no-store');
      expect(answer.reachedApi, `${pathname} ${withToken ? 'signed in' : 'anonymous'}`).toBe(true);
    }
  }
});
