/**
 * With NODE_ENV=production the API refuses to start on a development default it was not explicitly
 * given: each refusal is one sentence naming the setting and what to set. The order is the order an
 * operator would fill a fresh .env (the database first).
 */
import { hostOf, isLoopbackHost } from '../auth/emulator-guard.ts';
import type { ApiConfig } from '../config.ts';
import type { ApiSettingName } from './api-settings.ts';
import { workAccountProblems } from './work-account-checks.ts';

/** The work-account settings a production API must be given (no development default is safe there). */
export const WORK_ACCOUNT_SETTINGS = [
  'HUB_GRAPH_URL',
  'HUB_FIREBASE_OIDC_PROVIDER_ID',
  'HUB_MSAL_CLIENT_ID',
  'HUB_WORK_TENANT_IDS',
  'HUB_WORK_DOMAINS',
  'HUB_WORK_ISSUER',
  'HUB_WORK_JWKS_URL',
] as const satisfies readonly ApiSettingName[];

const isLoopbackUrl = (url: string) => {
  try {
    return isLoopbackHost(hostOf(new URL(url).host));
  } catch {
    return false;
  }
};

export function productionRefusals(config: ApiConfig, given: ReadonlySet<ApiSettingName>): string[] {
  if (!config.production) return [];
  const refusals: string[] = [];
  const refuse = (sentence: string) => refusals.push(sentence);

  if (config.database === 'pglite' && !given.has('HUB_DATABASE'))
    refuse(
      'DATABASE_URL is not set: production will not run on the embedded PGlite by default. ' +
        'Set DATABASE_URL=postgres://user:password@host:5432/hub (or HUB_DATABASE=pglite for one process on a local disk).',
    );
  if (!given.has('FIREBASE_PROJECT_ID') || config.firebaseProjectId.startsWith('demo-'))
    refuse(
      `FIREBASE_PROJECT_ID is ${given.has('FIREBASE_PROJECT_ID') ? config.firebaseProjectId : 'not set'}: ` +
        "demo-* projects exist only in the Auth emulator. Set it to the company's Firebase project id.",
    );
  if (!config.googleCredentialsFile && !config.googleWorkloadIdentity)
    refuse(
      'GOOGLE_APPLICATION_CREDENTIALS is not set: firebase-admin needs Google credentials to check revoked sign-ins ' +
        "and to make account links. Set it to the service-account key file's path " +
        "(or HUB_GOOGLE_WORKLOAD_IDENTITY=on where the platform's metadata server provides them).",
    );

  const missingWorkSettings = WORK_ACCOUNT_SETTINGS.filter((name) => !given.has(name));
  // The local defaults trust the stand-in's tenant and domain: in production they would let whoever
  // answers at localhost:8443, or no company at all, decide who is staff.
  if (missingWorkSettings.length > 0)
    refuse(
      `NODE_ENV=production needs the work-account settings ${missingWorkSettings.join(', ')}: refusing to start (see docs/security.md and docs/configuration.md).`,
    );
  const identityUrls = [
    ['HUB_GRAPH_URL', config.graphUrl],
    ['HUB_WORK_ISSUER', config.workAccount.issuer.replace('{tenantid}', 'tenant')],
    ['HUB_WORK_JWKS_URL', config.workAccount.jwksUrl],
  ] as const;
  for (const [name, url] of identityUrls) {
    if (!given.has(name)) continue;
    if (isLoopbackUrl(url))
      refuse(`${name} is on a loopback address (${url}): set it to the identity provider's public https address.`);
    else if (!url.startsWith('https://'))
      refuse(`${name} is not https (${url}): production talks to identity over TLS.`);
  }
  refusals.push(...workAccountProblems(config.workAccount, given));

  if (!given.has('HUB_CORS_ORIGINS'))
    refuse(
      "HUB_CORS_ORIGINS is not set (the default is localhost): set it to the site's origins, e.g. https://hub.example.com.",
    );
  else {
    const local = config.corsOrigins.filter(isLoopbackUrl);
    if (local.length > 0)
      refuse(
        `HUB_CORS_ORIGINS names ${local.join(', ')} on this machine: set it to the origins users' browsers load the site from.`,
      );
  }
  if (!given.has('HUB_SITE_URL'))
    refuse(
      "HUB_SITE_URL is not set (the default is localhost): set it to the site's public address, used in mail links.",
    );
  else if (isLoopbackUrl(config.siteUrl))
    refuse(
      `HUB_SITE_URL is ${config.siteUrl}, on this machine: set it to the site's public address, used in mail links.`,
    );

  // Never on disk in production, not even when asked: nobody reads a container's files, and the mails
  // (sign-in links among them) would pile up on its disk. A loopback SMTP URL is not refused: it can
  // only have been given explicitly (HUB_SMTP_URL has no default), and a relay beside the API (the
  // host's MTA, a sidecar) listens on loopback in real deployments (docs/decisions.md, issue 26).
  if (config.mailTransport === 'disk')
    refuse(
      given.has('HUB_MAIL_TRANSPORT')
        ? 'HUB_MAIL_TRANSPORT=disk: production does not write mails to files under HUB_DATA_DIR/mail, where nobody reads them. ' +
            'Set HUB_SMTP_URL=smtp://user:password@host:587 and unset HUB_MAIL_TRANSPORT.'
        : 'HUB_SMTP_URL is not set: production would write mails to files under HUB_DATA_DIR/mail. ' +
            'Set HUB_SMTP_URL=smtp://user:password@host:587.',
    );
  if (!given.has('HUB_MAIL_FROM'))
    refuse(
      `HUB_MAIL_FROM is not set (the default is ${config.mailFrom}): set it to the mailbox the SMTP account sends as.`,
    );
  // The default is in the source: with it anyone could sign a link that stops anyone's mails.
  if (!given.has('HUB_UNSUBSCRIBE_SECRET'))
    refuse(
      'HUB_UNSUBSCRIBE_SECRET is not set (the default is public): set it to at least 32 random characters, kept in the secret store.',
    );
  else if (config.unsubscribeSecret.length < 32)
    refuse('HUB_UNSUBSCRIBE_SECRET is shorter than 32 characters: set it to at least 32 random characters.');
  if (config.seedDemoData) refuse('HUB_SEED_DEMO is on: production must not seed the demo data. Unset it.');
  return refusals;
}
