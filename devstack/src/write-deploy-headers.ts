// `pnpm --filter @hub/devstack deploy-headers [app…]`: (re)writes the apps' nginx security-headers
// snippets from the HUB_* settings in the environment. Every build runs it with the build's settings;
// run it again at deploy time with production's (remote origins, API, identity endpoints, site origin).
import { deployHeadersFile, writeDeployHeaders } from './deploy-headers';
import { remoteApps, type AppName } from './site-config';

const known: AppName[] = ['host', ...remoteApps];
const asked = process.argv.slice(2).map((name) => name.replace(/^remote-/, '') as AppName);

for (const app of asked.length ? asked : known) {
  if (!known.includes(app)) {
    console.error(`Unknown app ${app}: use host, events, communities, account or admin`);
    process.exit(2);
  }
  await writeDeployHeaders(app);
  console.log(`wrote ${deployHeadersFile(app)}`);
}
