import http from 'node:http';
import type { StaticSite } from './static-site';
import { allApps } from './build-apps';
import type { AppName } from './site-config';

/**
 * Test-only control channel on loopback: `POST /apps/<app>/stop|start` lets the end-to-end
 * suite take one remote's server down and bring it back, as an outage would.
 */
export function startControlServer(site: StaticSite, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const match = /^\/apps\/([a-z]+)\/(stop|start)$/.exec(req.url ?? '');
    const app = match?.[1] as AppName | undefined;
    if (req.method !== 'POST' || !match || !app || !allApps.includes(app)) {
      res.writeHead(404).end();
      return;
    }
    const action = match[2] === 'stop' ? site.stop(app) : site.start(app);
    action.then(
      () => res.writeHead(204).end(),
      (error: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(error.message),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
