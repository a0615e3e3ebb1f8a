// The page server's process (page-server.ts), run from compiled JavaScript in production:
// `node serving/dist/page-server.mjs` (build-dist.mjs bundles it). Settings (docs/configuration.md):
// HUB_PAGE_SERVER_ROOT (the host's build folder, deploy documents written in), HUB_SITE_ORIGIN,
// HUB_PAGE_SERVER_HOST and HUB_PAGE_SERVER_PORT, HUB_API_INTERNAL_URL, HUB_PAGE_SERVER_TIMEOUT_MS.
import { startPageServer } from './page-server';

const env = process.env;
const problems: string[] = [];
const port = Number(env.HUB_PAGE_SERVER_PORT ?? 8090);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  problems.push(`HUB_PAGE_SERVER_PORT is not a port: ${env.HUB_PAGE_SERVER_PORT}`);
const timeoutMs = Number(env.HUB_PAGE_SERVER_TIMEOUT_MS ?? 300);
if (!(timeoutMs > 0))
  problems.push(`HUB_PAGE_SERVER_TIMEOUT_MS is not a positive number: ${env.HUB_PAGE_SERVER_TIMEOUT_MS}`);
if (!env.HUB_SITE_ORIGIN) problems.push('HUB_SITE_ORIGIN is not set (the CSP names it as the site)');
if (problems.length) {
  console.error(`The page server cannot start:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(2);
}

const server = await startPageServer({
  root: env.HUB_PAGE_SERVER_ROOT ?? '/srv/hub/host',
  port,
  host: env.HUB_PAGE_SERVER_HOST ?? '0.0.0.0',
  siteOrigin: env.HUB_SITE_ORIGIN!,
  apiInternalUrl: env.HUB_API_INTERNAL_URL,
  timeoutMs,
});
const address = server.address();
console.log(
  `page server listening on ${typeof address === 'object' && address ? `${address.address}:${address.port}` : address}`,
);

// SIGTERM (a rolling restart): finish the pages in flight, then exit; nginx serves shells meanwhile.
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
