import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseInvocation } from './role.ts';

describe('which role a process runs', () => {
  it('is standalone without an argument or HUB_ROLE (an empty one counts as unset)', () => {
    assert.deepEqual(parseInvocation([], {}), { role: 'standalone', args: [] });
    assert.deepEqual(parseInvocation([], { HUB_ROLE: '' }), { role: 'standalone', args: [] });
  });

  it('takes the first argument over HUB_ROLE, and the rest as its arguments', () => {
    assert.deepEqual(parseInvocation(['worker'], { HUB_ROLE: 'api' }), { role: 'worker', args: [] });
    assert.deepEqual(parseInvocation(['backup', '/backups/hub.dump'], {}), {
      role: 'backup',
      args: ['/backups/hub.dump'],
    });
    assert.deepEqual(parseInvocation([], { HUB_ROLE: 'migrate' }), { role: 'migrate', args: [] });
  });

  it('refuses an unknown role, saying where it came from and listing the roles', () => {
    assert.throws(() => parseInvocation(['web'], {}), /Unknown role "web" \(first argument\)[\s\S]*worker: /);
    assert.throws(() => parseInvocation([], { HUB_ROLE: 'cron' }), /Unknown role "cron" \(HUB_ROLE\)/);
    assert.throws(() => parseInvocation(['toString'], {}), /Unknown role "toString"/);
  });
});
