/**
 * SIGTERM as an orchestrator sends it, to the compiled API: readiness answers 503 at once while the
 * server still serves for HUB_SHUTDOWN_DELAY_MS; then it stops accepting, and a request in flight on
 * a keep-alive connection still completes (its connection closed after the answer, not cut); the
 * process exits 0 and the write it acknowledged is there after a restart.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { compiledApiBefore, spawnApi, type ApiProcess, killedAtEnd } from './helpers/api-process.ts';
import { call, emulatorHost, pgliteDataDir, tokenFor } from './helpers/test-env.ts';

const DELAY_MS = 1_500;
const running = killedAtEnd();
const apiDir = compiledApiBefore();

async function start(dataDir: string): Promise<ApiProcess> {
  const proc = await spawnApi(
    { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), HUB_DATA_DIR: dataDir, HUB_SHUTDOWN_DELAY_MS: String(DELAY_MS) },
    { compiledIn: apiDir() },
  );
  running.push(proc);
  return proc;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function answerOf(request: http.ClientRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
  });
}

describe('SIGTERM drains', () => {
  it('readiness 503 at once, a request in flight completes, then exit 0 with the write kept', async () => {
    const dir = pgliteDataDir('hub-drain-');
    const admin = await tokenFor('admin@hub.test');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const api = await start(dir.path);
      const url = new URL(api.url);
      // One keep-alive connection, opened by a first request and reused by the one left in flight.
      const warm = await answerOf(http.get({ host: url.hostname, port: url.port, path: '/api/health/live', agent }));
      assert.equal(warm.status, 200);
      assert.notEqual(warm.headers.connection, 'close');

      const body = JSON.stringify({
        name: 'Written during a drain',
        description: '',
        imageUrl: '',
        countryId: 3,
        communityBaseId: 1,
      });
      const inFlight = http.request({
        host: url.hostname,
        port: url.port,
        path: '/api/community',
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${admin}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      const answer = answerOf(inFlight);
      inFlight.write(body.slice(0, 20)); // headers and part of the body: the server is reading it
      await sleep(300);

      const signalled = Date.now();
      api.child.kill('SIGTERM');
      let ready = await call(api.url, 'GET', '/api/health/ready');
      for (let i = 0; ready.status !== 503 && i < 50; i++) {
        await sleep(20);
        ready = await call(api.url, 'GET', '/api/health/ready');
      }
      assert.equal(ready.status, 503, 'readiness answers 503 once SIGTERM arrived');
      assert.ok(ready.json.problems.includes('shutting down'));
      assert.ok(Date.now() - signalled < DELAY_MS, 'and still answers during the delay');
      assert.equal(ready.headers.get('connection'), 'close', 'answers during the drain close their connection');

      // Past the delay the server no longer accepts connections …
      await sleep(DELAY_MS - (Date.now() - signalled) + 400);
      await assert.rejects(call(api.url, 'GET', '/api/health/live'), 'a new connection is refused');
      assert.equal(api.child.exitCode, null, '… but it waits for the request in flight');

      inFlight.end(body.slice(20));
      const done = await answer;
      assert.equal(done.status, 201, done.text);
      assert.equal(done.headers.connection, 'close', 'its keep-alive connection is closed after the answer');
      assert.equal(await api.exited, 0, 'then the process exits 0');

      const restarted = await start(dir.path);
      const created = await call(restarted.url, 'GET', `/api/community/${JSON.parse(done.text).id}`);
      assert.equal(created.json.name, 'Written during a drain', 'the acknowledged write was kept');
      await restarted.kill('SIGTERM');
    } finally {
      agent.destroy();
      dir.remove();
    }
  });
});
