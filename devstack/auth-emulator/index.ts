/**
 * Starts the Firebase Auth emulator (firebase-tools, auth only, UI off) and seeds the demo accounts.
 * Used by the dev orchestrator (`npm start`) and by the API's integration tests, which need real
 * emulator ID tokens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, displayNameOf, type DemoAccountKey } from '../../api/src/seed/demo-accounts.ts';

export {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  displayNameOf,
  type DemoAccount,
  type DemoAccountKey,
} from '../../api/src/seed/demo-accounts.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_PROJECT_ID = 'demo-hub';
export const DEFAULT_PORT = 9099;

export interface StartAuthEmulatorOptions {
  /** Port to listen on; default 9099 as in firebase.json. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  bindHost?: string;
  projectId?: string;
  /** How long to wait for the emulator to answer; default 120 s (10–20 s on an idle machine, far more under load). */
  timeoutMs?: number;
  /** Receives the emulator's output lines; default: discarded unless it fails to start. */
  log?: (line: string) => void;
}

export interface RunningAuthEmulator {
  /** host:port, the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  /** The CLI's process id (the emulator runs in it): the rush bench reads its CPU time. */
  pid: number | undefined;
  stop(): Promise<void>;
}

function firebaseCliPath(): string {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('firebase-tools/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { bin: Record<string, string> };
  const bin = pkg.bin['firebase'];
  if (!bin) throw new Error('firebase-tools has no "firebase" bin entry');
  return join(dirname(pkgPath), bin);
}

async function answers(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    if (!res.ok) return false;
    const body = (await res.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/** The CLI must not inherit a TypeScript loader (tsx puts one in NODE_OPTIONS for its children). */
function withoutLoaderOptions(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _nodeOptions, ...rest } = env;
  return rest;
}

export async function startAuthEmulator(opts: StartAuthEmulatorOptions = {}): Promise<RunningAuthEmulator> {
  const port = opts.port ?? DEFAULT_PORT;
  const bindHost = opts.bindHost ?? '127.0.0.1';
  const projectId = opts.projectId ?? DEFAULT_PROJECT_ID;
  const host = `${bindHost}:${port}`;
  if (await answers(host)) {
    throw new Error(`Something already answers as an auth emulator on ${host}; stop it or choose another port`);
  }

  // A private working folder: the CLI writes its debug log into the current folder, and the port
  // may differ from the committed firebase.json.
  const workDir = mkdtempSync(join(tmpdir(), 'hub-auth-emulator-'));
  const config = JSON.parse(readFileSync(join(HERE, 'firebase.json'), 'utf8')) as {
    emulators: { auth: { host: string; port: number }; hub?: unknown; logging?: unknown };
  };
  config.emulators.auth = { host: bindHost, port };
  if (port !== DEFAULT_PORT) {
    // The CLI also opens a hub (4400) and a logging port (4500); move them along so a test
    // emulator can run beside the dev stack's.
    config.emulators.hub = { host: bindHost, port: port + 1 };
    config.emulators.logging = { host: bindHost, port: port + 2 };
  }
  writeFileSync(join(workDir, 'firebase.json'), JSON.stringify(config, null, 2));

  const output: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      firebaseCliPath(),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      join(workDir, 'firebase.json'),
    ],
    {
      cwd: workDir,
      detached: true, // own process group, so stop() also ends anything the CLI spawned
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...withoutLoaderOptions(process.env),
        // No network here: skip the update check and any usage-reporting prompt.
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        CI: 'true',
        XDG_CONFIG_HOME: workDir,
      },
    },
  );
  const onLine = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 200) output.shift();
      opts.log?.(line);
    }
  };
  child.stdout?.on('data', onLine);
  child.stderr?.on('data', onLine);
  let exited = false;
  let exitInfo = '';
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      exitInfo = `exit code ${code}, signal ${signal}`;
      resolve();
    }),
  );

  const killGroup = (signal: NodeJS.Signals) => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  // Never leave an orphan emulator behind if the parent exits without calling stop().
  const onParentExit = () => killGroup('SIGKILL');
  process.once('exit', onParentExit);

  const stop = async () => {
    process.removeListener('exit', onParentExit);
    if (!exited) {
      killGroup('SIGTERM');
      // The CLI's own shutdown can outlast the grace period of whoever is stopping us: do not wait long.
      const timer = setTimeout(() => killGroup('SIGKILL'), 2000);
      await exitPromise;
      clearTimeout(timer);
    }
    rmSync(workDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  while (!(await answers(host))) {
    if (exited || Date.now() > deadline) {
      let debugLog = '';
      try {
        debugLog = readFileSync(join(workDir, 'firebase-debug.log'), 'utf8').split('\n').slice(-30).join('\n');
      } catch {
        /* no debug log written */
      }
      await stop();
      throw new Error(
        `The Firebase Auth emulator did not start on ${host} (${exited ? `it exited: ${exitInfo}` : 'timed out'}). Output:\n${output.join('\n')}\nfirebase-debug.log (end):\n${debugLog}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { host, projectId, pid: child.pid, stop };
}

interface EmulatorUser {
  localId: string;
  email?: string;
}

async function adminCall<T>(host: string, projectId: string, path: string, body: unknown): Promise<T> {
  // The emulator accepts "Bearer owner" as an administrator credential.
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Auth emulator ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Creates (or resets) the demo accounts in the emulator: verified e-mail, password Demo!Passw0rd,
 * displayName 'lastName, firstName', fixed uids. Safe to call any number of times.
 */
export async function seedDemoAccounts(opts: {
  host: string;
  projectId?: string;
}): Promise<Record<DemoAccountKey, string>> {
  const projectId = opts.projectId ?? DEFAULT_PROJECT_ID;
  const uids = {} as Record<DemoAccountKey, string>;
  for (const account of DEMO_ACCOUNTS) {
    const byEmail = await adminCall<{ users?: EmulatorUser[] }>(opts.host, projectId, 'accounts:lookup', {
      email: [account.email],
    });
    for (const other of byEmail.users ?? []) {
      // Someone registered the demo address by hand: free it for the fixed uid.
      if (other.localId !== account.uid) {
        await adminCall(opts.host, projectId, 'accounts:delete', { localId: other.localId });
      }
    }
    const byUid = await adminCall<{ users?: EmulatorUser[] }>(opts.host, projectId, 'accounts:lookup', {
      localId: [account.uid],
    });
    const fields = {
      localId: account.uid,
      email: account.email,
      password: DEMO_PASSWORD,
      displayName: displayNameOf(account),
      emailVerified: true,
    };
    if (byUid.users?.length) await adminCall(opts.host, projectId, 'accounts:update', fields);
    else await adminCall(opts.host, projectId, 'accounts', fields);
    uids[account.key] = account.uid;
  }
  return uids;
}

/**
 * The emulator stamps a token's auth_time with the sign-in time and the account's validSince with the
 * time of the change that issued it (sign-up, e-mail change); when those fall in different seconds,
 * firebase-admin sees the token as issued before validSince, i.e. revoked. Such a token has an
 * auth_time before its iat.
 */
export function straddlesSecond(idToken: string): boolean {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
    auth_time?: number;
    iat?: number;
  };
  return payload.auth_time !== payload.iat;
}

/** Signs in with e-mail and password through the emulator's REST API and returns the ID token. */
export async function signInWithPassword(host: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string; error?: { message?: string } };
  if (!res.ok || !body.idToken) throw new Error(`Sign-in of ${email} failed: ${body.error?.message ?? res.status}`);
  return body.idToken;
}

/** Creates an e-mail/password account (unverified unless asked) and returns its uid. */
export async function createAccount(
  opts: { host: string; projectId?: string },
  account: { email: string; password?: string; displayName?: string; emailVerified?: boolean },
): Promise<string> {
  const res = await adminCall<{ localId: string }>(opts.host, opts.projectId ?? DEFAULT_PROJECT_ID, 'accounts', {
    email: account.email,
    password: account.password ?? DEMO_PASSWORD,
    displayName: account.displayName,
    emailVerified: account.emailVerified ?? false,
  });
  return res.localId;
}
