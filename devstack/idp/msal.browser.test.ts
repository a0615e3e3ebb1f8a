/**
 * The stand-in against the real client library: @azure/msal-browser 5 (the version the apps use) in
 * Debian's Chromium, with `system.protocolMode: 'OIDC'`, the tenant-scoped authority and a redirect
 * bridge page — popup sign-in, silent renewal with the refresh token, and redirect sign-in, each
 * through the account chooser. Chromium trusts only this IdP's certificate (by its SPKI hash).
 * Skipped when /usr/bin/chromium is absent.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../src/chromium.ts';
import { IdpHttpClient } from './client.ts';
import { startIdp, type RunningIdp } from './index.ts';

const CLIENT = 'hub-web';

const require = createRequire(import.meta.url);
const msalLib = join(dirname(require.resolve('@azure/msal-browser/package.json')), 'lib');

/** The SPA side: MSAL configured as the apps configure it, and the redirect bridge page. */
function startWebApp(authority: () => string, knownAuthority: () => string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split(/[?#]/)[0];
    const js = (file: string) => {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(readFileSync(join(msalLib, file)));
    };
    if (path === '/msal-browser.js') return js('msal-browser.min.js');
    if (path === '/msal-redirect-bridge.js') return js('redirect-bridge/msal-redirect-bridge.min.js');
    res.writeHead(200, { 'content-type': 'text/html' });
    if (path === '/auth/redirect.html') {
      res.end(`<!doctype html><script src="/msal-redirect-bridge.js"></script>
<script>msalRedirectBridge.broadcastResponseToMainFrame().catch((e) => { document.title = 'bridge error: ' + e; });</script>`);
      return;
    }
    res.end(`<!doctype html><title>spa</title><script src="/msal-browser.js"></script>
<script>
  const pca = new msal.PublicClientApplication({
    auth: { clientId: ${JSON.stringify(CLIENT)}, authority: ${JSON.stringify(authority())},
            knownAuthorities: [${JSON.stringify(knownAuthority())}],
            redirectUri: location.origin + '/auth/redirect.html' },
    cache: { cacheLocation: 'sessionStorage' },
    system: { protocolMode: 'OIDC' },
  });
  const summary = (r) => r && ({ username: r.account.username, name: r.account.name, tenantId: r.account.tenantId,
    idTokenClaims: r.idTokenClaims, accessToken: r.accessToken, scopes: r.scopes, fromCache: r.fromCache });
  window.ready = pca.initialize().then(() => pca.handleRedirectPromise()).then((r) => summary(r));
  window.popup = () => pca.loginPopup({ scopes: ['User.Read'], prompt: 'select_account' }).then(summary);
  window.redirect = () => pca.loginRedirect({ scopes: ['User.Read'], prompt: 'select_account' });
  window.silent = () => pca.acquireTokenSilent({ scopes: ['User.Read'], account: pca.getAllAccounts()[0], forceRefresh: true }).then(summary);
</script>`);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

interface Summary {
  username: string;
  name: string;
  tenantId: string;
  idTokenClaims: Record<string, unknown>;
  accessToken: string;
  scopes: string[];
  fromCache: boolean;
}

const skip = !existsSync(chromiumExecutable) && `${chromiumExecutable} is not installed`;

describe('MSAL (msal-browser 5, protocolMode OIDC) in Chromium', { skip }, () => {
  let idp: RunningIdp;
  let web: Server;
  let browser: Browser;
  let dataDir: string;
  let origin: string;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hub-idp-msal-'));
    web = await startWebApp(
      () => idp.authority,
      () => new URL(idp.url).host,
    );
    origin = `http://localhost:${(web.address() as AddressInfo).port}`;
    idp = await startIdp({
      port: 0,
      dataDir,
      clientId: CLIENT,
      redirectUris: [`${origin}/auth/redirect.html`, `${origin}/`],
      corsOrigins: [origin],
      log: (line) => console.error(line),
    });
    browser = await chromium.launch({
      executablePath: chromiumExecutable,
      args: [
        ...chromiumArgs,
        // Trust exactly this certificate, nothing else.
        `--ignore-certificate-errors-spki-list=${idp.spkiHash}`,
      ],
    });
  });

  after(async () => {
    await browser?.close();
    await idp?.stop();
    await new Promise((ok) => web?.close(ok));
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function chooseIn(page: Page, name: string) {
    await page.waitForURL(/\/interaction\//);
    await page.getByRole('heading', { name: 'Pick an account' }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^Sign in as ${name}`) }).click();
  }

  async function meStatus(accessToken: string) {
    const res = await new IdpHttpClient(idp.caCertPath).request(idp.graphMeUrl, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return { status: res.status, body: res.json() };
  }

  test('loginPopup through the chooser, then acquireTokenSilent renews with the refresh token', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await page.evaluate('window.ready');
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.evaluate('window.pending = window.popup(); undefined'),
      ]);
      await chooseIn(popup, 'Jane Doe');
      const result = (await page.evaluate('window.pending')) as Summary;
      assert.equal(result.username, 'jane.doe@corp.test');
      assert.equal(result.name, 'Jane Doe');
      assert.equal(result.idTokenClaims['oid'], '5f0c8a43-2a7e-4c1b-9d3e-6b1f2a9c0d11');
      assert.equal(result.idTokenClaims['tid'], idp.tenantId);
      assert.ok(result.scopes.includes('User.Read'), result.scopes.join(' '));
      const me = await meStatus(result.accessToken);
      assert.equal(me.status, 200);
      assert.equal(me.body['mail'], 'jane.doe@corp.test');

      const renewed = (await page.evaluate('window.silent()')) as Summary;
      assert.equal(renewed.fromCache, false);
      assert.notEqual(renewed.accessToken, result.accessToken);
      assert.equal((await meStatus(renewed.accessToken)).status, 200);
    } finally {
      await context.close();
    }
  });

  test('loginRedirect through the chooser comes back with handleRedirectPromise', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await page.evaluate('window.ready');
      await page.evaluate('window.redirect(); undefined');
      await chooseIn(page, 'John Smith');
      await page.waitForURL(`${origin}/`);
      const result = (await page.evaluate('window.ready')) as Summary | null;
      assert.ok(result, 'handleRedirectPromise returned the sign-in result');
      assert.equal(result.username, 'john.smith@corp.test');
      assert.equal(result.idTokenClaims['name'], 'John Smith');
      assert.equal((await meStatus(result.accessToken)).status, 200);
    } finally {
      await context.close();
    }
  });
});
