import path from 'node:path';
import { run, spawnPrefixed, stopProcessGroup, waitForHttp } from './child-process';
import { ports, repoRoot, siteOrigin } from './site-config';

/**
 * The back end of the site: the work-account IdP stand-in, the Firebase Auth emulator with the demo
 * accounts, and the API on the demo data (seeded first). Each started piece adds its stop to
 * `cleanups` as soon as it runs, so a failure half-way still stops what did start. Used by
 * `npm start` (run-site.ts) and by the benchmark's signed-in pages (bench.ts).
 */
export async function startBackend(cleanups: Array<() => Promise<void> | void>): Promise<void> {
  const { startAuthEmulator, seedDemoAccounts } = await import('../auth-emulator/index.ts');
  const { startIdp } = await import('../idp/index.ts');
  // The stand-in's own defaults allow only the :3000 site; follow the host port actually used.
  const siteOrigins = [siteOrigin, siteOrigin.replace('localhost', '127.0.0.1')];
  const idp = await startIdp({
    redirectUris: process.env.HUB_IDP_REDIRECT_URIS
      ? undefined
      : siteOrigins.flatMap((origin) => [`${origin}/auth/redirect.html`, `${origin}/`]),
    corsOrigins: process.env.HUB_IDP_CORS_ORIGINS ? undefined : siteOrigins,
  });
  cleanups.push(() => idp.stop());
  console.log(`Work-account sign-in stand-in on ${idp.url} (self-signed: open it once in your browser to trust it)`);

  console.log('Starting the Firebase Auth emulator…');
  const emulator = await startAuthEmulator({ port: ports.authEmulator });
  cleanups.push(() => emulator.stop());
  await seedDemoAccounts({ host: emulator.host });
  console.log(`Auth emulator on ${emulator.host} with the demo accounts`);

  const env = {
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    HUB_GRAPH_URL: idp.url,
    NODE_EXTRA_CA_CERTS: idp.caCertPath,
    PORT: String(ports.api),
    // E-mail links lead to the site's origin (HUB_HOST_PORT), not the API's default of :3000.
    HUB_SITE_URL: process.env.HUB_SITE_URL ?? siteOrigin,
    HUB_DATA_DIR: process.env.HUB_DATA_DIR ?? path.join(repoRoot, '.data', 'api'),
    // The API's CORS allowlist follows the site's port (HUB_HOST_PORT), not the API's default of :3000.
    HUB_CORS_ORIGINS:
      process.env.HUB_CORS_ORIGINS ?? `${siteOrigin},${siteOrigin.replace('//localhost', '//127.0.0.1')}`,
  };
  await run('seed', 'pnpm', ['--silent', '--filter', '@hub/api', 'seed'], env);
  const api = spawnPrefixed('api', 'pnpm', ['--silent', '--filter', '@hub/api', 'start'], env);
  cleanups.push(() => stopProcessGroup(api));
  await waitForHttp(`http://127.0.0.1:${ports.api}/api/docs/json`, 60_000);
}
