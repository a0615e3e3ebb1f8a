/** `tsx devstack/idp/cli.ts`: runs the work-account identity provider stand-in until Ctrl-C. */
import { startIdp } from './index.ts';

const idp = await startIdp({ log: (line) => console.error(`[idp] ${line}`) });
console.log(`Work-account IdP on ${idp.url}
  authority (MSAL, protocolMode OIDC): ${idp.authority}
  metadata:  ${idp.metadataUrl}
  Graph /me: ${idp.graphMeUrl}   (API: HUB_GRAPH_URL=${idp.url})
  client id: ${idp.clientId}, tenant id: ${idp.tenantId}
  certificate: ${idp.caCertPath}   (NODE_EXTRA_CA_CERTS=${idp.caCertPath})
  Chromium: --ignore-certificate-errors-spki-list=${idp.spkiHash}`);
const shutdown = () => void idp.stop().then(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
