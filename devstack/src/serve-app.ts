// Serves one built app alone, as its team would release it: `pnpm --filter @hub/remote-events serve`.
import { appConfigDocument, distDir, ports, remotesDocument, siteOrigin, type AppName } from './site-config';
import { startStaticApp } from './static-server';

const app = (process.argv[2] ?? '').replace(/^remote-/, '') as AppName;
if (!(app in ports)) {
  console.error(`Usage: serve-app.ts <host|events|communities|account|admin>`);
  process.exit(2);
}

const isHost = app === 'host';
startStaticApp({
  dir: distDir(app),
  port: ports[app],
  spa: isHost,
  corsOrigins: isHost ? [] : [siteOrigin, siteOrigin.replace('localhost', '127.0.0.1')],
  documents: isHost ? { '/remotes.json': remotesDocument, '/app-config.json': appConfigDocument } : {},
})
  .then(() => console.log(`${app} served at http://localhost:${ports[app]}`))
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
