import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeSkew, skewProblems, type FederationManifest } from './skew-gate';

const manifest = (name: string, shared: FederationManifest['shared']): FederationManifest => ({ name, shared });
const host = manifest('host', [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: '@hub/shared', version: '1.4.0', requiredVersion: '^1.4.0', singleton: true },
  {
    name: '@fluentui/tokens/lib/tokens.js',
    version: '1.0.0-alpha.24',
    requiredVersion: '^1.0.0-alpha.24',
    singleton: true,
  },
]);
const remote = (shared: Partial<FederationManifest['shared'][number]> & { name: string }) =>
  manifest('hub_events', [{ version: '0.0.0', singleton: true, ...shared }]);

describe('the skew gate', () => {
  it('passes a remote whose every singleton range the live host satisfies', () => {
    assert.deepEqual(skewProblems(remote({ name: 'react', requiredVersion: '^19.0.0' }), host), []);
    assert.deepEqual(skewProblems(remote({ name: '@hub/shared', requiredVersion: '~1.4.0' }), host), []);
    assert.deepEqual(skewProblems(remote({ name: '@hub/shared', requiredVersion: '>=1.2.0 <2' }), host), []);
  });

  it('counts prerelease versions (Fluent tokens ship as alphas)', () => {
    const tokens = remote({ name: '@fluentui/tokens/lib/tokens.js', requiredVersion: '^1.0.0-alpha.20' });
    assert.deepEqual(skewProblems(tokens, host), []);
  });

  it('refuses a remote needing a newer major, naming the package and both versions', () => {
    const problems = skewProblems(remote({ name: 'react', requiredVersion: '^20.0.0' }), host);
    assert.deepEqual(problems, [{ pkg: 'react', required: '^20.0.0', provided: '19.3.1' }]);
    assert.equal(
      describeSkew("The 'events' remote", problems),
      "The 'events' remote requires react ^20.0.0, but the live host provides react 19.3.1.",
    );
  });

  it('refuses a remote needing a minor the host does not have yet (a function added to @hub/shared)', () => {
    const problems = skewProblems(remote({ name: '@hub/shared', requiredVersion: '^1.5.0' }), host);
    assert.deepEqual(problems, [{ pkg: '@hub/shared', required: '^1.5.0', provided: '1.4.0' }]);
  });

  it('refuses a singleton the host does not share at all', () => {
    const problems = skewProblems(remote({ name: 'jotai', requiredVersion: '^2.0.0' }), host);
    assert.deepEqual(problems, [{ pkg: 'jotai', required: '^2.0.0', provided: null }]);
    assert.match(describeSkew('events', problems), /requires jotai \^2\.0\.0, which the live host does not share/);
  });

  it('refuses a range that does not parse', () => {
    const problems = skewProblems(remote({ name: 'react', requiredVersion: 'not a range' }), host);
    assert.equal(problems.length, 1);
    assert.match(describeSkew('events', problems), /'not a range', which is not a valid version range/);
  });

  it('ignores non-singletons and modules without a range', () => {
    assert.deepEqual(skewProblems(remote({ name: 'lodash', requiredVersion: '^4.0.0', singleton: false }), host), []);
    assert.deepEqual(skewProblems(remote({ name: 'react', requiredVersion: false }), host), []);
    assert.deepEqual(skewProblems(remote({ name: 'react', requiredVersion: '*' }), host), []);
  });
});
