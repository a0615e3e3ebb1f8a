import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Stage } from '../run-steps.mjs';

const runner = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'run-steps.mjs')).href;

/** Runs the stages through the real runner in a node process of its own: its output, exit code and wall time. */
function runStages(stages: Stage[], env: Record<string, string> = {}) {
  const script = `import { runSteps } from ${JSON.stringify(runner)};
process.exitCode = await runSteps(${JSON.stringify(stages)});`;
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, HUB_KEEP_GOING: '', ...env },
  });
  return { output: result.stdout, code: result.status, seconds: (Date.now() - started) / 1000 };
}

describe("npm test's step runner (run-steps.mjs)", () => {
  it('runs lanes side by side and prints a lane beside the first after it, never interleaved', () => {
    const { output, code, seconds } = runStages([
      {
        lanes: [
          [
            ['first', 'sleep 2; echo first done'],
            ['second', 'echo second done'],
          ],
          [['beside', 'echo beside starts; sleep 2; echo beside done']],
        ],
      },
      ['after', 'echo after done'],
    ]);
    assert.equal(code, 0);
    // Two seconds each: side by side about two in all, in turn four.
    assert.ok(seconds < 3.5, `took ${seconds} s`);
    const at = (text: string) => output.indexOf(text);
    assert.ok(at('second done') < at('=== beside (ran beside the steps above) ==='));
    assert.ok(at('=== beside (ran beside the steps above) ===') < at('beside starts'));
    assert.ok(at('beside starts') < at('beside done') && at('beside done') < at('=== after ==='));
    assert.match(
      output,
      /ok {3}first \(\d+ s\)\nok {3}second \(\d+ s\)\nok {3}beside \(\d+ s\)\nok {3}after \(\d+ s\)\nsteps: 4 passed, 0 failed/,
    );
  });

  it('stops after a stage where a lane failed, counting the steps not run as failed', () => {
    const stages: Stage[] = [
      { lanes: [[['first', 'echo first done']], [['beside', 'echo broken; exit 3']]] },
      ['after', 'echo after done'],
    ];
    const stopped = runStages(stages);
    assert.equal(stopped.code, 1);
    assert.match(stopped.output, /broken/);
    assert.doesNotMatch(stopped.output, /after done/);
    assert.match(stopped.output, /FAIL beside .*\nsteps: 1 passed, 2 failed/);

    const kept = runStages(stages, { HUB_KEEP_GOING: '1' });
    assert.equal(kept.code, 1);
    assert.match(kept.output, /after done/);
    assert.match(kept.output, /steps: 2 passed, 1 failed/);
  });
});
