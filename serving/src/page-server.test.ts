import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * The page server's process as production runs it (the bundled file, node alone): its settings
 * checked at start, its health answer, and SIGTERM finishing the page in flight before it exits.
 * What it answers, beside nginx and against the Node server: serving-parity.test.ts.
 */

const serving = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let root: string;
let bundle: string;

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hub-page-server-'));
  // Bundled into this test's own folder: the test files run at the same time.
  const built = spawnSync(process.execPath, ['build-dist.mjs', path.join(root, 'bin')], { cwd: serving });
  assert.equal(built.status, 0, String(built.stderr));
  bundle = path.join(root, 'bin', 'page-server.mjs');
  const page = '<!doctype html><html><head><meta name="csp-nonce" content="__HUB_CSP_NONCE__"/></head></html>';
  await writeFile(path.join(root, 'shell.html'), page);
  await writeFile(path.join(root, 'index.html'), page);
  await writeFile(
    path.join(root, 'remotes.json'),
    JSON.stringify({ events: 'https://events.example/mf-manifest.json' }),
  );
  await writeFile(
    path.join(root, 'app-config.json'),
    JSON.stringify({ apiBaseUrl: 'https://hub.example/', product: { name: 'Hub', slug: 'hub' } }),
  );
});
after(() => rm(root, { recursive: true, force: true }));

describe('the page server process', () => {
  it('refuses to start without the site origin or with a port that is none, naming the setting', () => {
    const result = spawnSync(process.execPath, [bundle], {
      env: { PATH: process.env.PATH, HUB_PAGE_SERVER_PORT: 'eighty', HUB_PAGE_SERVER_ROOT: root },
      encoding: 'utf8',
    });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /HUB_PAGE_SERVER_PORT is not a port: eighty/);
    assert.match(result.stderr, /HUB_SITE_ORIGIN is not set/);
  });

  it('answers its health, a page with its CSP, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [bundle], {
      env: {
        PATH: process.env.PATH,
        HUB_PAGE_SERVER_PORT: '0',
        HUB_PAGE_SERVER_HOST: '127.0.0.1',
        HUB_PAGE_SERVER_ROOT: root,
        HUB_SITE_ORIGIN: 'https://hub.example',
      },
    });
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const address = /listening on (\S+)/.exec(line.toString())?.[1];
    assert.ok(address, line.toString());
    assert.equal(await (await fetch(`http://${address}/healthz`)).text(), 'ok');
    const answer = await fetch(`http://${address}/events/31`);
    assert.equal(answer.status, 200);
    const csp = answer.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self' 'nonce-[^']+' https:\/\/events\.example/);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    assert.ok((await answer.text()).includes(`content="${nonce}"`));
    assert.equal((await fetch(`http://${address}/_server/page-template.html`)).status, 404);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number];
    assert.equal(code, 0);
  });
});
