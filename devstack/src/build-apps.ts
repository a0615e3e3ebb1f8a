import { spawn } from 'node:child_process';
import { appDir, type AppName } from '../../serving/src/site-config';

export const allApps: AppName[] = ['host', 'events', 'communities', 'account', 'admin'];

/**
 * Builds one app for production the way its team releases it; resolves with the seconds the build
 * took. What is deployment's (the nginx configuration, the deploy documents) is written at deploy
 * time from production's settings (write-nginx-config.ts, write-deploy-documents.ts).
 */
export function buildApp(app: AppName, env: NodeJS.ProcessEnv = {}): Promise<number> {
  const started = performance.now();
  // The prerender step writes into the same folder webpack did (HUB_DIST_DIR, from `env` or the process).
  const dist = env.HUB_DIST_DIR || process.env.HUB_DIST_DIR || 'dist';
  return run(app, ['exec', 'webpack', '--mode', 'production'], env)
    .then(() => (app === 'host' ? run(app, [...prerenderCommand, dist], env) : undefined))
    .then(() => (app === 'host' ? run(app, ['exec', 'node', 'build/build-page-server.mjs', dist], env) : undefined))
    .then(() => (performance.now() - started) / 1000);
}

/**
 * The host's prerender step (host/server/prerender/prerender-site.tsx): its shell and static pages
 * rendered into HTML files beside the build; then its page server's renderer bundled into the same
 * folder (host/build/build-page-server.mjs). The host's `build` script runs the same commands.
 */
const prerenderCommand = ['exec', 'tsx', '--tsconfig', '../tsconfig.base.json', 'server/prerender/prerender-site.tsx'];

function run(app: AppName, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', args, {
      cwd: appDir(app),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`Building ${app} failed (exit ${code}):\n${output}`));
    });
  });
}

/** Builds every app, two at a time (this machine has two cores). */
export async function buildAllApps(env: NodeJS.ProcessEnv = {}, log = console.log): Promise<Record<AppName, number>> {
  const queue = [...allApps];
  const seconds = {} as Record<AppName, number>;
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      seconds[app] = await buildApp(app, env);
      log(`built ${app} in ${seconds[app].toFixed(1)} s`);
    }
  };
  await Promise.all([worker(), worker()]);
  return seconds;
}
