import { createRoot } from 'react-dom/client';
import { logger, setAppConfig, startIdentity, type AppConfig } from '@hub/shared';
import { App } from './app/app';
import { fetchRemotesManifest, registerRemotesFrom } from './federation/remote-registry';
import { registerServiceWorker } from './service-worker/register-service-worker';

async function fetchAppConfig(): Promise<Partial<AppConfig>> {
  try {
    const response = await fetch('/app-config.json', { cache: 'no-store' });
    return response.ok ? ((await response.json()) as Partial<AppConfig>) : {};
  } catch (error) {
    logger.error('Could not read /app-config.json; using defaults', error);
    return {};
  }
}

async function start() {
  const [config, remotes] = await Promise.all([
    fetchAppConfig(),
    fetchRemotesManifest().catch((error: unknown) => {
      // Without the remotes list the shell still works: every remote area shows its Retry message.
      logger.error('Could not read /remotes.json', error);
      return {};
    }),
  ]);
  const { product } = setAppConfig(config);
  registerRemotesFrom(remotes);
  // Restores a stored session (loading Firebase only if there is one); guards wait for it.
  startIdentity().catch((error: unknown) => logger.error('Could not start the identity layer', error));
  document.title = product.name;
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(<App productSlug={product.slug} />);
  void registerServiceWorker();
}

start().catch((error: unknown) => console.error('Application bootstrapping error', error));
