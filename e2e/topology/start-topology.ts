import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAuthEmulator, seedDemoAccounts } from '../../devstack/auth-emulator/index.ts';
import { startIdp } from '../../devstack/idp/index.ts';
import { startMailCatcher } from '../../devstack/src/mail-catcher.ts';
import { startStaticApp } from '../../devstack/src/static-server.ts';
import { findPostgresBinDir, startPostgres } from '../../api/test/helpers/postgres-server.ts';
import { findRedisServer, startRedis } from '../../api/test/helpers/redis-server.ts';
import {
  apiProcess,
  compiledEntry,
  runMigrateRole,
  seedDemoData,
  workerProcess,
  type ApiSettings,
} from './api-roles.ts';
import { servingCommandFiles, startSiteServers } from './site-servers.ts';
import { distDir, repoRoot } from '../../serving/src/site-config.ts';
import type { ServiceProcess } from './service-process.ts';
import { topologyPorts, type TopologyPorts } from './topology-ports.ts';

/**
 * The production topology without containers, as the images and the compose file run it: PostgreSQL
 * and Redis; the migrate role run twice at the same time (the lock lets one apply the migrations);
 * two API replicas and the worker from the compiled JavaScript, configured as production except for
 * identity (docs/decisions.md, "Production topology (issue 24)"); the page server; Debian's nginx
 * serving the apps' production builds with the generated configuration in front of all of it.
 * Identity stays on the loopback Firebase Auth emulator and the work-account stand-in, as in every
 * test. The topology suite (e2e/topology) and the benchmark start it through this one module.
 */
export interface Topology {
  ports: TopologyPorts;
  /** The site as a browser reaches it (nginx): the host app, `/api/` and the detail pages. */
  siteOrigin: string;
  /** Where each remote is served (nginx). */
  remoteOrigins: Record<'events' | 'communities' | 'account' | 'admin', string>;
  /** nginx's access log: request_time beside upstream_time and the cache status, per request. */
  nginxAccessLog: string;
  databaseUrl: string;
  redisUrl: string;
  /** host:port of the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST). */
  authEmulatorHost: string;
  /** The mail catcher the roles send to: its web inbox and REST API (api/test/helpers/mail-inbox.ts). */
  mailCatcherUrl: string;
  /** The two API replicas behind nginx, by index. */
  apis: ServiceProcess[];
  /** The migrate role's two simultaneous runs at start: exit codes and output. */
  migrateRuns: Array<{ code: number | null; output: string }>;
  /** The settings every API role was given (for a process a test starts itself). */
  apiSettings: ApiSettings;
  /** Starts an API replica again if it is stopped, and waits until it is ready. */
  startApi(index: number): Promise<void>;
  stop(): Promise<void>;
}

export interface StartTopologyOptions {
  /** Default: HUB_TOPOLOGY_PORT_BASE's ports. */
  ports?: TopologyPorts;
  /** Progress lines; default silent. */
  log?: (line: string) => void;
  /** nginx's cache of the API's public reads; default on, as production (the bench measures both). */
  apiCache?: boolean;
}

/** The artefacts the topology runs, built beforehand (it builds nothing itself). */
function missingArtefacts(): string[] {
  const needed: Array<[string, string]> = [
    [compiledEntry, 'pnpm --filter @hub/api build'],
    ...servingCommandFiles.map((file): [string, string] => [file, 'pnpm --filter @hub/serving build-dist']),
    [path.join(distDir('host'), 'index.html'), 'pnpm --filter @hub/devstack exec tsx src/build-all.ts'],
  ];
  return needed.filter(([file]) => !existsSync(file)).map(([file, command]) => `${file} (${command})`);
}

export async function startTopology(options: StartTopologyOptions = {}): Promise<Topology> {
  const missing = missingArtefacts();
  if (missing.length)
    throw new Error(`The production topology needs its artefacts built first:\n${missing.join('\n')}`);
  const ports = options.ports ?? topologyPorts();
  const log = options.log ?? (() => {});
  const workDir = mkdtempSync(path.join(tmpdir(), 'hub-topology-'));
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    // Front to back: nginx and the processes that use the databases first, the databases last.
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
    cleanups.length = 0;
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const postgresBin = findPostgresBinDir();
    const redisBinary = findRedisServer();
    if (!postgresBin || !redisBinary)
      throw new Error('The production topology needs Debian postgresql and redis-server (npm test installs them).');
    const siteOrigin = `http://localhost:${ports.site}`;

    log('PostgreSQL, Redis, the Auth emulator, the work-account stand-in and the mail catcher…');
    const [postgres, redis, idp, emulator, mailCatcher] = await Promise.all([
      startPostgres(postgresBin),
      startRedis(redisBinary),
      startIdp({
        port: ports.idp,
        redirectUris: [`${siteOrigin}/auth/redirect.html`, `${siteOrigin}/`],
        corsOrigins: [siteOrigin],
        log: () => {},
      }),
      startAuthEmulator({ port: ports.authEmulator }),
      // Any free ports: nothing but the roles and the tests reach it (through the URLs below).
      startMailCatcher({ smtpPort: 0, webPort: 0 }),
    ]);
    cleanups.push(
      () => postgres.stop(),
      () => redis.stop(),
      () => idp.stop(),
      () => emulator.stop(),
      () => mailCatcher.stop(),
    );
    await seedDemoAccounts({ host: emulator.host });
    const databaseUrl = await postgres.createDatabase('hub');

    const apiSettings: ApiSettings = {
      databaseUrl,
      redisUrl: redis.url,
      siteOrigin,
      authEmulatorHost: emulator.host,
      idp,
      dataRoot: path.join(workDir, 'data'),
      logDir: workDir,
      mail: { smtpUrl: mailCatcher.smtpUrl, from: 'Community Hub <hub@topology.test>' },
    };

    log('The migrate role, twice at the same time…');
    const migrateRuns = await Promise.all([runMigrateRole(apiSettings), runMigrateRole(apiSettings)]);
    const failed = migrateRuns.find((run) => run.code !== 0);
    if (failed) throw new Error(`The migrate role failed (exit ${failed.code}):\n${failed.output}`);
    // Test data, not a production step: the journeys need the demo communities, events and users.
    // The demo pictures come from an image host of their own (as organisers' do), never from a
    // replica: the browser talks to nginx and identity only (journeys.spec.ts).
    const demoImagesDir = path.join(repoRoot, 'api', 'demo-images');
    const images = await startStaticApp({
      dir: demoImagesDir,
      mounts: { '/demo-images': () => demoImagesDir },
      port: ports.images,
    });
    cleanups.push(() => new Promise<void>((resolve) => images.close(() => resolve())));
    await seedDemoData(apiSettings, `http://localhost:${ports.images}`);

    log('Two API replicas and the worker…');
    const apis = ports.api.map((port, index) => apiProcess(apiSettings, index, port, ports.metrics.api[index]!));
    const worker = workerProcess(apiSettings, ports.worker, ports.metrics.worker);
    for (const process of [...apis, worker]) {
      process.start();
      cleanups.push(async () => void (await process.stop()));
    }
    const ready = (port: number) => `http://127.0.0.1:${port}/api/health/ready`;
    await Promise.all(apis.map((api, i) => api.waitFor(ready(ports.api[i]!), { status: 200 })));
    await worker.waitFor(ready(ports.worker), { status: 200 });

    log('nginx and the page server…');
    const site = await startSiteServers({
      ports,
      workDir,
      siteOrigin,
      authEmulatorHost: emulator.host,
      idpUrl: idp.url,
      apiCache: options.apiCache,
    });
    cleanups.push(() => site.stop());

    return {
      ports,
      siteOrigin,
      remoteOrigins: site.remoteOrigins,
      nginxAccessLog: site.accessLog,
      databaseUrl,
      redisUrl: redis.url,
      authEmulatorHost: emulator.host,
      mailCatcherUrl: mailCatcher.webUrl,
      apis,
      migrateRuns,
      apiSettings,
      async startApi(index) {
        const api = apis[index];
        if (!api) throw new Error(`There is no API replica ${index}`);
        if (!api.running) api.start();
        await api.waitFor(ready(ports.api[index]!), { status: 200 });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
