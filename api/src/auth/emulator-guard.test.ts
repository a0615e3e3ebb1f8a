import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emulatorRefusal, hostOf, isLoopbackHost } from './emulator-guard.ts';

describe('emulator guard', () => {
  it('knows loopback addresses', () => {
    for (const h of ['localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1', 'LOCALHOST'])
      assert.equal(isLoopbackHost(h), true, h);
    for (const h of ['0.0.0.0', '::', '10.0.0.5', 'auth.example.com', '128.0.0.1', '192.168.1.2', ''])
      assert.equal(isLoopbackHost(h), false, h);
  });

  it('takes the host out of host:port forms', () => {
    assert.equal(hostOf('127.0.0.1:9099'), '127.0.0.1');
    assert.equal(hostOf('[::1]:9099'), '::1');
    assert.equal(hostOf('emulator.internal:9099'), 'emulator.internal');
    assert.equal(hostOf('::1'), '::1');
  });

  it('allows the emulator only on a loopback-only, non-production setup', () => {
    const ok = { authEmulatorHost: '127.0.0.1:9099', production: false, listenHost: '127.0.0.1' };
    assert.equal(emulatorRefusal(ok), null);
    assert.equal(
      emulatorRefusal({ ...ok, authEmulatorHost: undefined, production: true, listenHost: '0.0.0.0' }),
      null,
    );
    assert.match(emulatorRefusal({ ...ok, production: true })!, /NODE_ENV=production/);
    assert.match(emulatorRefusal({ ...ok, authEmulatorHost: '10.1.2.3:9099' })!, /not a loopback address/);
    assert.match(emulatorRefusal({ ...ok, listenHost: '0.0.0.0' })!, /listens on 0\.0\.0\.0/);
  });
});
