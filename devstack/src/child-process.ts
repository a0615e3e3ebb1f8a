import { spawn, type ChildProcess } from 'node:child_process';

/** Runs a command to completion, its output prefixed; rejects on a non-zero exit. */
export function run(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  output: OutputOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnPrefixed(label, command, args, env, output);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${label} failed (exit ${code})`))));
  });
}

export interface OutputOptions {
  /**
   * Pass the child's standard output on (default); false drops it (its errors still show); a
   * function passes on the lines it accepts.
   */
  stdout?: boolean | ((line: string) => boolean);
}

/** Starts a long-running process with its output prefixed by a label. */
export function spawnPrefixed(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  { stdout = true }: OutputOptions = {},
): ChildProcess {
  // Its own process group, so stopping it also stops what a wrapper (pnpm, tsx) started beneath it.
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'],
    detached: true,
  });
  const prefix =
    (stream: NodeJS.WritableStream, accept: (line: string) => boolean = () => true) =>
    (data: Buffer) => {
      for (const line of data.toString().split('\n')) {
        if (line.trim() && accept(line)) stream.write(`[${label}] ${line}\n`);
      }
    };
  child.stdout?.on('data', prefix(process.stdout, typeof stdout === 'function' ? stdout : undefined));
  child.stderr?.on('data', prefix(process.stderr));
  return child;
}

/** Waits until a URL answers (any HTTP status), or fails after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * Stops a process started by spawnPrefixed and everything in its group; SIGKILL after `graceMs`.
 * A process that stops children of its own groups (a topology: its emulator, nginx, the API
 * processes) needs the time to do so, or they outlive it.
 */
export function stopProcessGroup(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const pid = child.pid;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is already gone
    }
  };
  return new Promise((resolve) => {
    const killer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(killer);
      // The wrapper may exit before its children: make sure the rest of the group goes too.
      signalGroup('SIGTERM');
      resolve();
    });
    signalGroup('SIGTERM');
  });
}
