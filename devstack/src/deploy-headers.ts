import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { nginxSnippetFor } from './nginx-headers';
import { distDir, type AppName } from './site-config';
import { staticAppOptions } from './static-site';

/** Where an app's deployable headers go: a folder beside its build, never uploaded with it. */
export const deployHeadersFile = (app: AppName) => path.join(`${distDir(app)}-deploy`, 'security-headers.nginx.conf');

/**
 * Writes an app's nginx snippet from the configuration in the environment: the same options the
 * local static server uses (staticAppOptions), so the host's CSP names the origins of the
 * `/remotes.json` and `/app-config.json` this configuration serves.
 */
export async function writeDeployHeaders(app: AppName): Promise<string> {
  const file = deployHeadersFile(app);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, nginxSnippetFor(app, staticAppOptions(app), app === 'host' ? await hostRoutes() : undefined));
  return file;
}

/** The host build's route files (its prerender step writes them); none for a build without them. */
async function hostRoutes(): Promise<{ patterns: string[]; routeRemotes: Record<string, string> } | undefined> {
  const read = (name: string) => readFile(path.join(distDir('host'), name), 'utf8').then((text) => JSON.parse(text));
  try {
    return {
      patterns: (await read('route-patterns.json')) as string[],
      routeRemotes: (await read('route-remotes.json')) as Record<string, string>,
    };
  } catch {
    return undefined;
  }
}
