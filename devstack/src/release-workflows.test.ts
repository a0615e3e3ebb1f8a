import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parseReleaseArguments, releasableApps } from './release-cli';
import { readWorkflow, stepCommand } from './release-workflows';
import { appDir, remoteApps, repoRoot } from '../../serving/src/site-config';

const packageJson = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string> };
const configurationDoc = readFileSync(path.join(repoRoot, 'docs', 'configuration.md'), 'utf8');
/** `pnpm release <args>` → the parsed arguments, as release.ts reads them. */
const releaseArgs = (command: string) => {
  const [pnpm, script, ...args] = command.split(/\s+/);
  assert.equal(`${pnpm} ${script}`, 'pnpm release');
  return parseReleaseArguments(args, 'usage');
};

describe('the CI recipe of each remote (deploy/ci/<remote>.yml)', () => {
  for (const remote of remoteApps) {
    it(`${remote}: on a push to main that changes remote-${remote}/, builds, gates, uploads and repoints it`, () => {
      const workflow = readWorkflow(remote);
      assert.deepEqual(workflow.on.push?.branches, ['main']);
      assert.ok(workflow.on.push?.paths?.includes(`remote-${remote}/**`));

      // The build is the remote's own package's `build` script.
      const pkg = packageJson(appDir(remote));
      assert.equal(stepCommand(workflow, 'Build'), `pnpm --filter ${pkg.name} build`);
      assert.ok(pkg.scripts.build, `${pkg.name} has a build script`);

      // Gate, then release, both of that build (not a rebuild) and of this remote alone.
      const gate = releaseArgs(stepCommand(workflow, 'Gate'));
      assert.deepEqual(gate, { app: remote, build: false, from: null, force: false, check: true });
      const release = releaseArgs(stepCommand(workflow, 'Release'));
      assert.deepEqual(release, { app: remote, build: false, from: null, force: false, check: false });

      const steps = Object.values(workflow.jobs).flatMap((j) => j.steps.map((s) => s.name));
      assert.ok(steps.indexOf('Build') < steps.indexOf('Gate') && steps.indexOf('Gate') < steps.indexOf('Release'));
    });
  }

  it('the root package runs the release tooling by the names the recipes use', () => {
    const scripts = packageJson(repoRoot).scripts;
    assert.match(scripts.release!, /--filter @hub\/devstack release$/);
    assert.match(scripts.rollback!, /--filter @hub\/devstack rollback$/);
    assert.equal(packageJson(path.join(repoRoot, 'devstack')).scripts.release, 'tsx src/release.ts');
  });

  it('rolls back any app from any runner, with no build', () => {
    const workflow = readWorkflow('rollback');
    const inputs = (workflow.on.workflow_dispatch as { inputs: { app: { options: string[] } } }).inputs;
    assert.deepEqual([...inputs.app.options].sort(), [...releasableApps].sort());
    assert.equal(stepCommand(workflow, 'Roll back'), 'pnpm rollback ${{ inputs.app }}');
  });

  it('every setting the recipes pass is documented in docs/configuration.md', () => {
    for (const name of [...remoteApps, 'rollback']) {
      for (const setting of Object.keys(readWorkflow(name).env ?? {})) {
        assert.ok(configurationDoc.includes(`\`${setting}\``), `${setting} (deploy/ci/${name}.yml) is documented`);
      }
    }
  });
});
