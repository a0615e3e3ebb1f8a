// The step runner of `npm test` and `npm run bench` (devstack/bootstrap.mjs): plain Node with no
// dependencies, like bootstrap itself. Tested by devstack/src/run-steps.test.ts.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Runs a command to its end and resolves with its exit status; with `logFile`, its output goes there. */
function run(command, env, logFile, cwd) {
  return new Promise((resolve) => {
    const output = logFile ? openSync(logFile, 'w') : 'inherit';
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', output, output],
      cwd,
      env: { ...process.env, ...env },
    });
    const done = (status) => {
      if (logFile) closeSync(output);
      resolve(status);
    };
    child.once('error', () => done(1));
    child.once('exit', (code) => done(code ?? 1));
  });
}

/**
 * Runs one lane's steps in order, each to the end, until one fails (unless HUB_KEEP_GOING=1). The
 * first lane of a stage writes to the terminal; a lane beside it writes each step's output to a file,
 * printed when the whole stage has ended, so the two never interleave.
 */
async function runLane(steps, logPrefix, cwd) {
  const results = [];
  for (const [name, command, env] of steps) {
    const logFile = logPrefix && `${logPrefix}-${results.length}.log`;
    if (!logFile) console.log(`\n=== ${name} ===`);
    const started = Date.now();
    const status = await run(command, env, logFile, cwd);
    results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000, logFile });
    if (status !== 0 && process.env.HUB_KEEP_GOING !== '1') break;
  }
  return results;
}

/**
 * Runs the stages in order; a stage is one step, or lanes of steps that run side by side (a 2-core
 * machine runs a one-core lane beside another: see docs/decisions.md, "Test suite time"). Prints one
 * line per step and the closing count; stops after a stage where a step failed (unless HUB_KEEP_GOING=1).
 */
export async function runSteps(stages, cwd = process.cwd()) {
  const lanesOf = (stage) => stage.lanes ?? [[stage]];
  const planned = stages.flatMap((stage) => lanesOf(stage).flat()).length;
  const results = [];
  const started = Date.now();
  for (const stage of stages) {
    const lanes = lanesOf(stage);
    const logDir = lanes.length > 1 ? mkdtempSync(path.join(tmpdir(), 'hub-test-lane-')) : undefined;
    const beside = lanes.slice(1).flat();
    if (beside.length > 0)
      console.log(`\n(${beside.map(([name]) => name).join('; ')}: beside the steps below, output after them)`);
    const laneResults = await Promise.all(
      lanes.map((lane, i) => runLane(lane, i === 0 ? undefined : path.join(logDir, `lane-${i}`), cwd)),
    );
    for (const r of laneResults.slice(1).flat()) {
      console.log(`\n=== ${r.name} (ran beside the steps above) ===`);
      process.stdout.write(readFileSync(r.logFile));
    }
    if (logDir) rmSync(logDir, { recursive: true, force: true });
    results.push(...laneResults.flat());
    if (results.some((r) => !r.ok) && process.env.HUB_KEEP_GOING !== '1') break;
  }
  console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s in all) ===`);
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(0)} s)`);
  const failed = results.filter((r) => !r.ok).length + (planned - results.length);
  console.log(`steps: ${results.length - results.filter((r) => !r.ok).length} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}
