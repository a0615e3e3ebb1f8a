/**
 * Serves the registry at `/metrics` on a port of its own (HUB_METRICS_PORT), never on the API's
 * port: the public load balancer and ingress route only the API's port, so the metrics (routes,
 * volumes, queue depth) are unreachable from the internet without a token to issue, rotate or leak;
 * Prometheus scrapes the pod or host port directly, as it does for every other exporter.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  /** The address it listens on, e.g. http://127.0.0.1:9464 */
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(registry: Registry, port: number, host: string): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`Could not collect the metrics: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  // Longer than any usual scrape interval (15–60 s), so a scraper's kept-alive connection is reused
  // rather than closed by the server just as the next scrape starts on it (Node's default is 5 s).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
