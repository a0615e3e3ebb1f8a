/**
 * A tiny Graph-compatible peer for the sync tests: GET /v1.0/me answers the profile registered for
 * the bearer token, 401 for any other token.
 */
import { createServer, type Server } from 'node:http';

export interface GraphStub {
  url: string;
  profiles: Map<string, Record<string, unknown>>;
  calls: number;
  close(): Promise<void>;
}

export async function startGraphStub(): Promise<GraphStub> {
  const profiles = new Map<string, Record<string, unknown>>();
  const stub = { url: '', profiles, calls: 0, close: async () => {} } as GraphStub;
  const server: Server = createServer((req, res) => {
    stub.calls++;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const profile = token ? profiles.get(token) : undefined;
    if (req.method !== 'GET' || req.url !== '/v1.0/me') {
      res.writeHead(404).end();
      return;
    }
    if (!profile) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'InvalidAuthenticationToken' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profile));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  stub.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}
