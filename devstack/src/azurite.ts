import { createRequire } from 'node:module';
import net from 'node:net';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { spawnPrefixed, stopProcessGroup, waitForHttp } from './child-process.ts';

/** Azurite's well-known development account (public, documented by Microsoft; nothing secret). */
export const azuriteAccount = {
  name: 'devstoreaccount1',
  key: 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
};

export interface RunningAzurite {
  /** `http://127.0.0.1:<port>/devstoreaccount1` */
  accountUrl: string;
  /** Creates a container readable by anyone (as a CDN's origin is), with CORS for the given origins. */
  container(name: string, corsOrigins?: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** A port the kernel says is free now (Azurite takes a port number, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Microsoft's Azure Storage emulator, Blob service only, in memory: started by the tests (and the
 * release e2e) as the auth emulator is, on `port` (HUB_AZURITE_PORT) or a free one.
 */
export async function startAzurite(port?: number): Promise<RunningAzurite> {
  const chosen = port ?? (process.env.HUB_AZURITE_PORT ? Number(process.env.HUB_AZURITE_PORT) : await freePort());
  const main = createRequire(import.meta.url).resolve('azurite/dist/src/blob/main.js');
  const child = spawnPrefixed(
    'azurite',
    process.execPath,
    [
      main,
      '--inMemoryPersistence',
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(chosen),
      '--disableTelemetry',
      '--silent',
      '--skipApiVersionCheck',
    ],
    {},
    { stdout: false },
  );
  const accountUrl = `http://127.0.0.1:${chosen}/${azuriteAccount.name}`;
  try {
    await waitForHttp(accountUrl, 30_000);
  } catch (error) {
    await stopProcessGroup(child);
    throw error;
  }
  const service = new BlobServiceClient(
    accountUrl,
    new StorageSharedKeyCredential(azuriteAccount.name, azuriteAccount.key),
  );
  return {
    accountUrl,
    async container(name, corsOrigins = []) {
      if (corsOrigins.length) {
        await service.setProperties({
          cors: [
            {
              allowedOrigins: corsOrigins.join(','),
              allowedMethods: 'GET,HEAD,OPTIONS',
              allowedHeaders: '*',
              exposedHeaders: '*',
              maxAgeInSeconds: 600,
            },
          ],
        });
      }
      const container = service.getContainerClient(name);
      await container.createIfNotExists({ access: 'blob' });
      return container.url;
    },
    stop: () => stopProcessGroup(child),
  };
}
