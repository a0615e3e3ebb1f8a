/**
 * Production checks of the work-account (Entra) settings beyond "given": a real tenant, not the
 * stand-in's; keys published by the issuer's own host. And the same for the browser's MSAL settings
 * in app-config.json, which the deploy-time command writes and can check with msalClientProblems.
 */
import type { ApiSettingName } from './api-settings.ts';
import type { WorkAccountConfig } from '../config.ts';

/** The tenant and mail domain of the identity-provider stand-in (devstack/idp, serving/src/site-config.ts). */
export const STAND_IN_TENANT_ID = '3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31';
export const STAND_IN_DOMAIN = 'corp.test';
/** Entra's sign-in hosts (global, US government, China). */
const ENTRA_LOGIN_HOSTS = ['login.microsoftonline.com', 'login.microsoftonline.us', 'login.partner.microsoftonline.cn'];

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hostOfUrl = (url: string) => {
  try {
    return new URL(url.replace('{tenantid}', 'tenant')).host.toLowerCase();
  } catch {
    return '';
  }
};

export function workAccountProblems(work: WorkAccountConfig, given: ReadonlySet<ApiSettingName>): string[] {
  const problems: string[] = [];
  if (given.has('HUB_WORK_TENANT_IDS')) {
    const notGuids = work.tenantIds.filter((t) => !GUID.test(t));
    if (notGuids.length > 0)
      problems.push(
        `HUB_WORK_TENANT_IDS names ${notGuids.join(', ')}: set the company's directory (tenant) ids, GUIDs as Entra shows them.`,
      );
    if (work.tenantIds.includes(STAND_IN_TENANT_ID))
      problems.push("HUB_WORK_TENANT_IDS names the local stand-in's tenant: set the company's own tenant id.");
  }
  if (given.has('HUB_WORK_DOMAINS') && work.domains.includes(STAND_IN_DOMAIN))
    problems.push(`HUB_WORK_DOMAINS names ${STAND_IN_DOMAIN}, the stand-in's domain: set the company's mail domains.`);
  const issuerHost = hostOfUrl(work.issuer);
  if (
    given.has('HUB_WORK_ISSUER') &&
    given.has('HUB_WORK_JWKS_URL') &&
    ENTRA_LOGIN_HOSTS.includes(issuerHost) &&
    hostOfUrl(work.jwksUrl) !== issuerHost
  )
    problems.push(
      `HUB_WORK_JWKS_URL is not on ${issuerHost}, the issuer's host: set https://${issuerHost}/common/discovery/v2.0/keys.`,
    );
  return problems;
}

/** The `msal` part of app-config.json (serving/src/site-config.ts). */
export interface MsalClientSettings {
  clientId: string;
  authority: string;
  tenantId: string;
  protocolMode?: string;
  knownAuthorities?: string[];
}

/**
 * What is wrong with the browser's MSAL settings for Entra in production: MSAL's `OIDC` protocol
 * mode is for the stand-in (any OIDC provider); Entra needs `AAD`, a real tenant in the authority.
 */
export function msalClientProblems(
  msal: MsalClientSettings,
  api?: Pick<WorkAccountConfig, 'clientId' | 'tenantIds'>,
): string[] {
  const problems: string[] = [];
  const host = hostOfUrl(msal.authority);
  if (!ENTRA_LOGIN_HOSTS.includes(host))
    problems.push(
      `HUB_MSAL_AUTHORITY (${msal.authority}) is not an Entra sign-in address: set https://login.microsoftonline.com/<tenant id>/v2.0.`,
    );
  else if ((msal.protocolMode ?? 'AAD') !== 'AAD')
    problems.push(`HUB_MSAL_PROTOCOL_MODE is ${msal.protocolMode}: Entra needs AAD (OIDC is for the local stand-in).`);
  if (!GUID.test(msal.tenantId) || msal.tenantId.toLowerCase() === STAND_IN_TENANT_ID)
    problems.push(`HUB_TENANT_ID (${msal.tenantId}) is not the company's tenant id: set its GUID.`);
  else if (!msal.authority.toLowerCase().includes(msal.tenantId.toLowerCase()))
    problems.push(`HUB_MSAL_AUTHORITY does not name the tenant HUB_TENANT_ID (${msal.tenantId}).`);
  if (api && msal.clientId !== api.clientId)
    problems.push(`HUB_MSAL_CLIENT_ID differs between the site (${msal.clientId}) and the API (${api.clientId}).`);
  if (api && !api.tenantIds.includes(msal.tenantId.toLowerCase()))
    problems.push(`HUB_TENANT_ID (${msal.tenantId}) is not among the API's HUB_WORK_TENANT_IDS.`);
  return problems;
}
