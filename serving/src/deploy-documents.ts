import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { msalClientProblems, type MsalClientSettings } from '../../api/src/settings/work-account-checks.ts';
import {
  appConfigDocument,
  remoteApps,
  remotesDocument,
  remoteUrlSettings,
  webAppManifestDocument,
} from './site-config';

/**
 * The host's three deploy-time documents, written as files at deploy time (nginx, a CDN or an
 * object store then serves them as they are, `no-store`): `/remotes.json` (where each remote's
 * manifest is), `/app-config.json` (the API, identity, product) and `/manifest.webmanifest`. The
 * local Node server makes the same documents per request from the same functions (site-config.ts).
 *
 * With NODE_ENV=production the settings must be production's: every origin https and not loopback,
 * every remote named, real identity settings. A mistake stops the command naming the setting.
 */

export interface DeployDocuments {
  '/remotes.json': Record<string, string>;
  '/app-config.json': Record<string, unknown>;
  '/manifest.webmanifest': Record<string, unknown>;
}

const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * What is wrong with the settings for production, one line per setting; empty when nothing is.
 * `env` is the environment site-config.ts reads the documents from (this process's).
 */
export function productionProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const origin = (name: string, options: { path?: boolean } = {}) => {
    const value = env[name];
    if (!value) return problems.push(`${name} is not set`);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return problems.push(`${name} is not an address: ${value}`);
    }
    if (url.protocol !== 'https:') problems.push(`${name} must be an https address, not ${value}`);
    if (loopback.test(url.hostname)) problems.push(`${name} names this machine (${url.hostname}), not the site`);
    if (!options.path && url.pathname !== '/') problems.push(`${name} must be an origin (no path): ${value}`);
    return 0;
  };
  origin('HUB_SITE_ORIGIN');
  origin('HUB_API_BASE_URL', { path: true });
  for (const remote of remoteApps) origin(remoteUrlSettings[remote], { path: true });
  if (!env.HUB_FIREBASE_API_KEY) problems.push('HUB_FIREBASE_API_KEY is not set');
  if (!env.HUB_FIREBASE_PROJECT_ID || env.HUB_FIREBASE_PROJECT_ID.startsWith('demo-'))
    problems.push('HUB_FIREBASE_PROJECT_ID must name the real Firebase project');
  if (env.HUB_FIREBASE_EMULATOR_URL && env.HUB_FIREBASE_EMULATOR_URL !== 'off')
    problems.push('HUB_FIREBASE_EMULATOR_URL must not be set in production (the emulator accepts unsigned tokens)');
  if (!env.HUB_MSAL_CLIENT_ID) problems.push('HUB_MSAL_CLIENT_ID is not set');
  // The browser's Entra settings, checked as the API checks its own (api/src/settings).
  problems.push(...msalClientProblems(appConfigDocument().msal as MsalClientSettings));
  return problems;
}

/** The documents for these settings (site-config.ts reads the environment). */
export function deployDocumentsFor(): DeployDocuments {
  return {
    '/remotes.json': remotesDocument(),
    '/app-config.json': appConfigDocument(),
    '/manifest.webmanifest': webAppManifestDocument(),
  };
}

/** Writes the three documents into the host's build folder; returns the files written. */
export async function writeDeployDocuments(outDir: string, documents = deployDocumentsFor()): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const files: string[] = [];
  for (const [name, document] of Object.entries(documents)) {
    const file = path.join(outDir, name);
    await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
    files.push(file);
  }
  return files;
}
