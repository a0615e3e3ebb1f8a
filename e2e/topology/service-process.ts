import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What every process of the topology inherits from the suite's own environment: where programs are
 * and the home folder, nothing else (no setting of a developer's shell leaks in).
 */
export function baseEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(['PATH', 'HOME'].map((name) => [name, process.env[name]]));
}

/**
 * One long-running process of the topology (an API replica, the worker, the page server, nginx):
 * started without a wrapper (no pnpm, no tsx), so a signal reaches the process itself as an
 * orchestrator's would; its output goes to a log file of its own in the topology's folder (two API
 * replicas at the production log level write a line per request: far too much for the test report),
 * which a failure message quotes.
 */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  private starts = 0;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly logDir: string,
    private readonly cwd?: string,
  ) {}

  /** The log file of the current (or last) run. */
  get logFile(): string {
    return path.join(this.logDir, `${this.name}.${this.starts}.log`);
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process (again); resolves once it is spawned, not once it is ready. */
  start(): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    this.starts += 1;
    // The child writes its output straight into the file (the descriptor is its stdout and stderr),
    // as a container runtime's log driver takes it: nothing passes through this process. Piped here,
    // two replicas' access lines at thousands a second cost the suite's (and the bench's load
    // generator's) one thread its CPU, and the bench measured that as the API's latency.
    const log = openSync(this.logFile, 'a');
    const child = spawn(this.command, this.args, { env: this.env, cwd: this.cwd, stdio: ['ignore', log, log] });
    closeSync(log);
    this.exited = new Promise((resolve) => {
      child.once('error', (error) => {
        appendFileSync(this.logFile, `\n${error.message}\n`);
        resolve(null);
      });
      child.once('exit', (code) => resolve(code));
    });
    this.child = child;
  }

  /** Resolves with the exit code once the current run ends (null when killed by a signal). */
  exit(): Promise<number | null> {
    return this.exited;
  }

  /** Sends a signal and resolves when the process has exited (SIGKILL after `graceMs`). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<number | null> {
    const child = this.child;
    if (!child || !this.running) return this.exited;
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.kill(signal);
    const code = await this.exited;
    clearTimeout(killer);
    return code;
  }

  /** The last lines of the log, for a failure message. */
  tail(lines = 40): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no output)';
    }
  }

  /** Waits until `url` answers with `status` (any when omitted); fails early if the process exits. */
  async waitFor(
    url: string,
    { status, timeoutMs = 60_000 }: { status?: number; timeoutMs?: number } = {},
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running)
        throw new Error(`${this.name} exited (code ${this.child?.exitCode}) before ${url} answered:\n${this.tail()}`);
      try {
        const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await answer.arrayBuffer();
        if (status === undefined || answer.status === status) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(
          `${this.name}: ${url} did not answer${status ? ` ${status}` : ''} within ${timeoutMs / 1000} s:\n${this.tail()}`,
        );
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Runs a command to its end; resolves with its exit code and its whole output (stdout and stderr). */
export function runToEnd(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => output.push(d));
    child.stderr.on('data', (d: Buffer) => output.push(d));
    child.once('error', reject);
    // 'close', not 'exit': the output is complete only once both pipes have ended.
    child.once('close', (code) => resolve({ code, output: Buffer.concat(output).toString() }));
  });
}
