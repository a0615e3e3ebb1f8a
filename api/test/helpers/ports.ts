import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port p with p, p+1 and p+2 free (the auth emulator also opens its hub and logging ports there). */
export async function freePortRun(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const p = 20000 + Math.floor(Math.random() * 30000);
    if ((await isFree(p)) && (await isFree(p + 1)) && (await isFree(p + 2))) return p;
  }
  throw new Error('No run of three free ports found');
}
