import { atom } from '../store/hub-jotai';
import { hubStore } from '../store/hub-store';
import { defaultCompany, defaultProduct, type CompanyConfig, type ProductConfig } from './product';

export interface FeatureFlags {
  /** SPEC §9: the waiting list exists but is disabled in configuration. */
  waitingList: boolean;
}

/**
 * Issue 28: what the public privacy page states, a legal fact only the operator can give: who the
 * controller is, how to reach them, and how long attendee data is kept (the API's
 * HUB_ATTENDEE_RETENTION_MONTHS, read into app-config.json from the same setting).
 */
export interface PrivacyConfig {
  /** null: the page says the operator has not published it yet, rather than inventing one. */
  controller: string | null;
  /** The privacy contact's e-mail address; null as above. */
  contact: string | null;
  attendeeRetentionMonths: number;
}

/** The Firebase web app the e-mail + password accounts and the session live in. */
export interface FirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** The Firebase Auth emulator's address (local runs and tests only); absent in production. */
  emulatorUrl?: string;
  /** The Identity Platform OIDC provider the work-account ID token signs into ('oidc.<id>'). */
  oidcProviderId: string;
}

/** The work-account sign-in (MSAL). Production points it at the company's Entra tenant. */
export interface MsalConfig {
  clientId: string;
  /** e.g. 'https://login.microsoftonline.com/<tenant>' or the local stand-in 'https://localhost:8443/<tenant>/v2.0' */
  authority: string;
  /** SPEC §9: the company tenant. */
  tenantId: string;
  /** Where the identity provider sends its answer: the redirect bridge page. */
  redirectUri: string;
  /** Hosts MSAL trusts without Microsoft's instance discovery; required for a non-Microsoft authority. */
  knownAuthorities?: string[];
  /** 'AAD' for Entra; 'OIDC' for any other OpenID Connect provider, such as the local stand-in. */
  protocolMode?: 'AAD' | 'OIDC';
}

/** Deploy-time configuration, served by the host as `/app-config.json` so that no app is rebuilt per environment. */
export interface AppConfig {
  apiBaseUrl: string;
  product: ProductConfig;
  company: CompanyConfig;
  features: FeatureFlags;
  privacy: PrivacyConfig;
  firebase: FirebaseConfig;
  msal: MsalConfig;
}

/** The fixed tenant of the work-account stand-in (devstack/idp DEFAULT_TENANT_ID). */
const localTenantId = '3c6a1f0e-8b7d-4e52-9a14-7f2d5c9e0b31';

/** The redirect bridge page of the host (host/src/auth-redirect), on whatever origin serves the page. */
function defaultRedirectUri(): string {
  const origin = typeof window !== 'undefined' && window.location ? window.location.origin : 'http://localhost:3000';
  return `${origin}/auth/redirect.html`;
}

export const defaultAppConfig: AppConfig = {
  apiBaseUrl: 'http://localhost:8080/',
  product: defaultProduct,
  company: defaultCompany,
  features: { waitingList: false },
  privacy: { controller: null, contact: null, attendeeRetentionMonths: 24 },
  // Local defaults: the Firebase Auth emulator (project demo-hub) and the work-account stand-in.
  firebase: {
    apiKey: 'demo-api-key',
    authDomain: 'demo-hub.firebaseapp.com',
    projectId: 'demo-hub',
    emulatorUrl: 'http://127.0.0.1:9099',
    oidcProviderId: 'oidc.hub-work',
  },
  msal: {
    clientId: 'hub-web',
    authority: `https://localhost:8443/${localTenantId}/v2.0`,
    tenantId: localTenantId,
    redirectUri: defaultRedirectUri(),
    knownAuthorities: ['localhost:8443'],
    protocolMode: 'OIDC',
  },
};

export const appConfigAtom = atom<AppConfig>(defaultAppConfig);

export function getAppConfig(): AppConfig {
  return hubStore.get(appConfigAtom);
}

/** Merges a partial deploy-time configuration over the defaults. */
export function setAppConfig(partial: Partial<AppConfig>): AppConfig {
  const merged: AppConfig = {
    ...defaultAppConfig,
    ...partial,
    product: { ...defaultAppConfig.product, ...partial.product },
    company: { ...defaultAppConfig.company, ...partial.company },
    features: { ...defaultAppConfig.features, ...partial.features },
    privacy: { ...defaultAppConfig.privacy, ...partial.privacy },
    firebase: partial.firebase ? mergeFirebase(partial.firebase) : defaultAppConfig.firebase,
    msal: partial.msal ? mergeMsal(partial.msal) : defaultAppConfig.msal,
  };
  hubStore.set(appConfigAtom, merged);
  return merged;
}

/**
 * A deployment that names its own Firebase project gets no emulator unless it names one too:
 * the emulator's tokens are unsigned, so it must never be reached by accident in production.
 */
function mergeFirebase(given: Partial<FirebaseConfig>): FirebaseConfig {
  const { emulatorUrl: _localEmulator, ...rest } = defaultAppConfig.firebase;
  return { ...rest, ...given };
}

/** Likewise the stand-in's trusted host and OIDC mode apply only to the local defaults. */
function mergeMsal(given: Partial<MsalConfig>): MsalConfig {
  const { knownAuthorities: _localHosts, protocolMode: _localMode, ...rest } = defaultAppConfig.msal;
  return { ...rest, ...given };
}
