import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { distDir, remoteApps, repoRoot } from '../../serving/src/site-config.ts';
import { baseEnvironment, runToEnd, ServiceProcess } from './service-process.ts';
import type { TopologyPorts } from './topology-ports.ts';

/**
 * The static side of the topology as its images run it, from serving's compiled commands
 * (`pnpm --filter @hub/serving build-dist`: serving/dist/*.mjs, plain `node`): the host's build
 * copied to a folder of the topology's own (the deploy-time documents are written into it, and the
 * e2e build beside the sources stays as it is), `deploy-documents` and `nginx-config` run with the
 * deployment's settings, the page server on that folder, then Debian's nginx with that
 * configuration: the host, `/api/` and the detail pages on the site's origin, one server per remote.
 */
export type RemoteName = (typeof remoteApps)[number];

export interface SiteServers {
  remoteOrigins: Record<RemoteName, string>;
  nginx: ServiceProcess;
  pageServer: ServiceProcess;
  /** The generated nginx.conf. */
  configFile: string;
  /** nginx's access log (with each request's request_time, upstream_time and cache status). */
  accessLog: string;
  stop(): Promise<void>;
}

export interface SiteSettings {
  ports: TopologyPorts;
  workDir: string;
  siteOrigin: string;
  /** host:port of the Firebase Auth emulator, which the site's sign-in talks to. */
  authEmulatorHost: string;
  /** The work-account stand-in's origin. */
  idpUrl: string;
  /** nginx's cache of the API's public reads (HUB_NGINX_API_CACHE); default on, as production. */
  apiCache?: boolean;
}

const servingDist = path.join(repoRoot, 'serving', 'dist');
const servingCommands = ['deploy-documents', 'nginx-config', 'page-server'] as const;
/** serving's production commands, bundled to plain JavaScript (build-dist.mjs). */
export const servingCommand = (name: (typeof servingCommands)[number]) => path.join(servingDist, `${name}.mjs`);
export const servingCommandFiles = servingCommands.map(servingCommand);

/** The deploy settings (docs/configuration.md) of this topology, for both deploy-time commands. */
function deploySettings(settings: SiteSettings, hostRoot: string, runtimeDir: string): NodeJS.ProcessEnv {
  const { ports, siteOrigin } = settings;
  const env: NodeJS.ProcessEnv = {
    ...baseEnvironment(),
    HUB_SITE_ORIGIN: siteOrigin,
    HUB_HOST_PORT: String(ports.site),
    HUB_API_BASE_URL: `${siteOrigin}/`,
    HUB_FIREBASE_EMULATOR_URL: `http://${settings.authEmulatorHost}`,
    HUB_IDP_URL: settings.idpUrl,
    HUB_NGINX_HOST_ROOT: hostRoot,
    HUB_NGINX_HOST_LISTEN: `127.0.0.1:${ports.site}`,
    HUB_NGINX_API_UPSTREAMS: ports.api.map((port) => `127.0.0.1:${port}`).join(','),
    HUB_NGINX_RUNTIME_DIR: runtimeDir,
    HUB_NGINX_ACCESS_LOG: path.join(runtimeDir, 'access.log'),
    HUB_NGINX_ERROR_LOG: path.join(runtimeDir, 'error.log'),
    HUB_NGINX_PAGE_SERVER: `127.0.0.1:${ports.pages}`,
    HUB_NGINX_API_CACHE: settings.apiCache === false ? 'off' : 'on',
  };
  for (const remote of remoteApps) {
    const name = remote.toUpperCase();
    env[`HUB_REMOTE_${name}_URL`] = `http://localhost:${ports.remotes[remote]}/mf-manifest.json`;
    env[`HUB_NGINX_${name}_ROOT`] = distDir(remote);
    env[`HUB_NGINX_${name}_LISTEN`] = `127.0.0.1:${ports.remotes[remote]}`;
  }
  return env;
}

async function runServingCommand(
  name: (typeof servingCommands)[number],
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const { code, output } = await runToEnd(process.execPath, [servingCommand(name), ...args], env);
  if (code !== 0) throw new Error(`${name} ${args.join(' ')} failed (exit ${code}):\n${output}`);
}

export async function startSiteServers(settings: SiteSettings): Promise<SiteServers> {
  const { ports, workDir, siteOrigin } = settings;
  const hostRoot = path.join(workDir, 'static', 'host');
  const runtimeDir = path.join(workDir, 'nginx');
  const configFile = path.join(runtimeDir, 'nginx.conf');
  mkdirSync(runtimeDir, { recursive: true });
  cpSync(distDir('host'), hostRoot, { recursive: true });
  const env = deploySettings(settings, hostRoot, runtimeDir);
  await runServingCommand('deploy-documents', ['--out', hostRoot], env);
  await runServingCommand('nginx-config', ['--out', configFile, '--host-dist', hostRoot], env);

  const pageServer = new ServiceProcess(
    'page-server',
    process.execPath,
    [servingCommand('page-server')],
    {
      ...baseEnvironment(),
      HUB_PAGE_SERVER_ROOT: hostRoot,
      HUB_SITE_ORIGIN: siteOrigin,
      HUB_PAGE_SERVER_HOST: '127.0.0.1',
      HUB_PAGE_SERVER_PORT: String(ports.pages),
      // The API through nginx: a replica down or draining is skipped as for the browser.
      HUB_API_INTERNAL_URL: `${siteOrigin}/`,
    },
    workDir,
  );
  const nginx = new ServiceProcess(
    'nginx',
    '/usr/sbin/nginx',
    // As root (this machine's test runs) the workers would switch to `nobody`, which cannot read the
    // topology's private folder: they stay root here. The image runs nginx as a non-root user.
    ['-p', runtimeDir, '-c', configFile, '-g', `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`],
    baseEnvironment(),
    workDir,
  );
  try {
    pageServer.start();
    await pageServer.waitFor(`http://127.0.0.1:${ports.pages}/`, { timeoutMs: 20_000 });
    nginx.start();
    await nginx.waitFor(`${siteOrigin}/healthz`, { status: 200, timeoutMs: 20_000 });
  } catch (error) {
    await Promise.all([nginx.stop(), pageServer.stop()]);
    throw error;
  }
  const remoteOrigins = Object.fromEntries(
    remoteApps.map((r) => [r, `http://localhost:${ports.remotes[r]}`]),
  ) as SiteServers['remoteOrigins'];
  return {
    remoteOrigins,
    nginx,
    pageServer,
    configFile,
    accessLog: env.HUB_NGINX_ACCESS_LOG!,
    async stop() {
      await nginx.stop('SIGQUIT');
      await pageServer.stop();
    },
  };
}
