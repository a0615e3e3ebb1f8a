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
});
