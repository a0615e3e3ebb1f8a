import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from './config.ts';

describe('configuration of the security settings', () => {
  it('reads HUB_TRUST_PROXY as off, true, a hop count or a list of proxies', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ HUB_TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ HUB_TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ HUB_TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ HUB_TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy, [
      '10.0.0.0/8',
      '192.168.1.5',
    ]);
  });

  it('limits account mails per account or address (5 a minute) under a per-client ceiling (100)', () => {
    assert.deepEqual(loadConfig({}).accountMailRateLimit, { max: 5, windowMs: 60_000, perClientMax: 100 });
    assert.equal(loadConfig({ HUB_MAIL_RATE_CLIENT_MAX: '500' }).accountMailRateLimit.perClientMax, 500);
    assert.equal(loadConfig({}).redisUrl, undefined);
    assert.equal(loadConfig({ HUB_REDIS_URL: 'redis://cache:6379' }).redisUrl, 'redis://cache:6379');
  });

  it('defaults the work-account settings to the stand-in, and a production process refuses to start without them', () => {
    assert.deepEqual(loadConfig({}).workAccount, {
      providerId: 'oidc.hub-work',
      clientId: 'hub-web',
      tenantIds: ['3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31'],
      domains: ['corp.test'],
      issuer: 'https://localhost:8443/{tenantid}/v2.0',
      jwksUrl: 'https://localhost:8443/common/discovery/v2.0/keys',
    });
    const entra = {
      HUB_GRAPH_URL: 'https://graph.microsoft.com',
      HUB_FIREBASE_OIDC_PROVIDER_ID: 'oidc.entra',
      HUB_MSAL_CLIENT_ID: 'app-id',
      HUB_WORK_TENANT_IDS: ' 11111111-2222-4333-8444-555555555555 , AAAAAAAA-2222-4333-8444-555555555555',
      HUB_WORK_DOMAINS: 'example.com,@Example.NL',
      HUB_WORK_ISSUER: 'https://login.microsoftonline.com/{tenantid}/v2.0',
      HUB_WORK_JWKS_URL: 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
    };
    const work = loadConfig({ NODE_ENV: 'production', ...entra }).workAccount;
    assert.deepEqual(work.tenantIds, ['11111111-2222-4333-8444-555555555555', 'aaaaaaaa-2222-4333-8444-555555555555']);
    assert.deepEqual(work.domains, ['example.com', 'example.nl']);
    for (const name of Object.keys(entra)) {
      assert.throws(
        () => loadConfig({ NODE_ENV: 'production', ...entra, [name]: '' }),
        new RegExp(`NODE_ENV=production needs the work-account settings ${name}: refusing to start`),
      );
    }
    assert.throws(() => loadConfig({ HUB_WORK_ISSUER: 'https://login.example/v2.0' }), /must contain \{tenantid\}/);
  });
});
