import http from 'node:http';
import { serveReleasesFrom, type StaticSite } from './static-site';
import { allApps } from './build-apps';
import type { AppName } from '../../serving/src/site-config';

/** What the control channel may do with the API the site runner started. */
export interface ApiControl {
  /** Stops the API and starts it again (same data) with HUB_WAITING_LIST on or off. */
  restart(options: { waitingList: boolean }): Promise<void>;
}

/**
 * Test-only control channel on loopback: `POST /apps/<app>/stop|start` lets the end-to-end
 * suite take one remote's server down and bring it back, as an outage would;
 * `POST /api/waiting-list/on|off` restarts the API with the waiting list switched (SPEC §9: off
 * by default), so the one test that needs it on can have it and put it back after;
 * `POST /release-store` with `{ location, key }` serves the site's releases from that store (an
 * Azurite container in the release e2e), with `{}` from HUB_RELEASE_STORE again.
 */
export function startControlServer(site: StaticSite, port: number, api?: ApiControl): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const waitingList = /^\/api\/waiting-list\/(on|off)$/.exec(req.url ?? '');
    if (req.method === 'POST' && waitingList && api) {
      api.restart({ waitingList: waitingList[1] === 'on' }).then(
        () => res.writeHead(204).end(),
        (error: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(error.message),
      );
      return;
    }
    if (req.method === 'POST' && req.url === '/release-store') {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const store = JSON.parse(body || '{}') as { location?: string; key?: string };
        serveReleasesFrom(store.location ? { location: store.location, key: store.key } : null);
        res.writeHead(204).end();
      });
      return;
    }
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
