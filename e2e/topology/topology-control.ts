import http from 'node:http';
import type { Topology } from './start-topology.ts';

/**
 * The test-only loopback control channel of the topology: the processes belong to the suite's
 * global setup, the tests run in a worker process, so a test asks the setup to signal or start an
 * API replica. `POST /apis/<i>/kill` (SIGKILL, answers once it is gone), `/apis/<i>/terminate`
 * (SIGTERM, answers at once: the replica drains meanwhile), `/apis/<i>/exit` (answers its exit code
 * once it has exited), `/apis/<i>/start` (answers its log file once it is ready).
 */
export type ApiAction = 'kill' | 'terminate' | 'exit' | 'start';

export function startTopologyControl(topology: Topology, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const match = /^\/apis\/(\d+)\/(kill|terminate|exit|start)$/.exec(req.url ?? '');
    const api = match ? topology.apis[Number(match[1])] : undefined;
    if (req.method !== 'POST' || !match || !api) {
      res.writeHead(404).end();
      return;
    }
    const index = Number(match[1]);
    const reply = (work: Promise<unknown>) =>
      work.then(
        (value) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value })),
        (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
      );
    switch (match[2] as ApiAction) {
      case 'kill':
        return void reply(api.stop('SIGKILL'));
      case 'terminate':
        if (!api.running) return void res.writeHead(409).end(`${api.name} is not running`);
        {
          const pid = api.pid;
          // Not awaited: the replica drains while the test watches it.
          void api.stop('SIGTERM', 60_000);
          return void reply(Promise.resolve(pid));
        }
      case 'exit':
        return void reply(api.exit());
      case 'start':
        return void reply(topology.startApi(index).then(() => api.logFile));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** From a test: one action on API replica `index`; resolves with what the setup answered. */
export async function controlApi(controlPort: number, index: number, action: ApiAction): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${controlPort}/apis/${index}/${action}`, { method: 'POST' });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${action} API replica ${index}: HTTP ${response.status} ${text}`);
  return (JSON.parse(text) as { value: unknown }).value;
}
