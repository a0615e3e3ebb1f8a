/**
 * `npm start` (and the end-to-end suite's web server): builds every app for production, starts the
 * work-account identity provider stand-in, the Firebase Auth emulator with the demo accounts, the
 * API on embedded PGlite with demo data, and the static servers of the host and the four remotes.
 * Ctrl-C stops all of it.
 *
 * Options: --no-build (serve what is built), --no-api (static site only),
 *          --control-port=<port> (test-only: stop/start single apps over loopback).
 */
import { buildAllApps } from './build-apps';
import { startBackend } from './backend';
import { startControlServer } from './control-server';
import { ports } from './site-config';
import { StaticSite } from './static-site';

const args = new Set(process.argv.slice(2));
const controlPort = [...args].find((a) => a.startsWith('--control-port='))?.split('=')[1];

const cleanups: Array<() => Promise<void> | void> = [];
let stopping = false;

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  // All at once: whoever stops us (Playwright's web server, Ctrl-C) may follow up with SIGKILL after
  // a grace period, and whatever is still running in its own process group then (the auth emulator)
  // would be left behind holding its port.
  const results = await Promise.allSettled(cleanups.map((cleanup) => cleanup()));
  for (const r of results) if (r.status === 'rejected') console.error(r.reason);
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

async function main() {
  if (!args.has('--no-build')) {
    console.log('Building the host and the four remotes for production…');
    await buildAllApps();
  }
  if (!args.has('--no-api')) await startBackend(cleanups);

  const site = new StaticSite();
  cleanups.push(() => site.stopAll());
  await site.startAll();
  if (controlPort) cleanups.push(await startControlServer(site, Number(controlPort)).then((s) => () => void s.close()));

  console.log(`\nCommunity Hub is running: http://localhost:${ports.host}\n(Ctrl-C stops everything)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stopAll(1);
});
