// Serves one built app alone, as its team would release it: `pnpm --filter @hub/remote-events serve`.
import { ports, type AppName } from '../../serving/src/site-config';
import { startStaticApp } from './static-server';
import { staticAppOptions } from './static-site';

const app = (process.argv[2] ?? '').replace(/^remote-/, '') as AppName;
if (!(app in ports)) {
  console.error(`Usage: serve-app.ts <host|events|communities|account|admin>`);
  process.exit(2);
}

startStaticApp(staticAppOptions(app))
  .then(() => console.log(`${app} served at http://localhost:${ports[app]}`))
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
