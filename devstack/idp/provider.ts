/**
 * The oidc-provider configuration of the work-account stand-in: one public SPA client (code + PKCE),
 * Entra-shaped ID tokens, JWT access tokens for the Graph-like resource with `scp: 'User.Read'`,
 * an account chooser as the only interaction, consent always granted (first-party client).
 */
import Provider, {
  errors,
  interactionPolicy,
  type Adapter,
  type AdapterPayload,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { JWK } from 'jose';
import { displayName, findWorkAccount, mailOf, type WorkAccount } from './accounts.ts';

export const GRAPH_SCOPE = 'User.Read';
/** OIDC scopes the client may ask for (MSAL always adds openid, profile and offline_access). */
const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'];

export interface ProviderSettings {
  /** Issuer, e.g. https://localhost:8443/<tid>/v2.0 (its path is where the provider is mounted). */
  issuer: string;
  tenantId: string;
  /** The `tid` of the foreign directory's accounts. */
  foreignTenantId: string;
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Browser origins allowed to call the token endpoint (besides the redirect URIs' origins). */
  corsOrigins: string[];
  /** Resource indicator of the Graph-like API; also the access token's `aud`. */
  graphResource: string;
  jwks: { keys: JWK[] };
  cookieKeys: string[];
  /** Path of the account chooser; the interaction uid is appended. */
  interactionPath: string;
}

/** A plain in-memory store (one per provider, so tests can run several). */
function memoryAdapterFactory(): (name: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  const byIndex = new Map<string, string>();
  return (name: string): Adapter => {
    const key = (id: string) => `${name}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.MAX_SAFE_INTEGER;
        store.set(key(id), { payload, expiresAt });
        if (payload.grantId) byIndex.set(`grant:${payload.grantId}:${key(id)}`, key(id));
        if (payload.uid) byIndex.set(`uid:${name}:${payload.uid}`, key(id));
        if (payload.userCode) byIndex.set(`userCode:${name}:${payload.userCode}`, key(id));
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        const k = byIndex.get(`uid:${name}:${uid}`);
        return k ? live(k) : undefined;
      },
      async findByUserCode(userCode) {
        const k = byIndex.get(`userCode:${name}:${userCode}`);
        return k ? live(k) : undefined;
      },
      async consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        const prefix = `grant:${grantId}:`;
        for (const [index, k] of byIndex) {
          if (index.startsWith(prefix)) {
            store.delete(k);
            byIndex.delete(index);
          }
        }
      },
    };
  };
}

/**
 * `prompt=select_account` is not part of oidc-provider's default policy: add it as a requestable
 * prompt, answered by the account chooser, so the chooser shows even when a session exists.
 */
function interactionPolicyWithSelectAccount() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  return policy;
}

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}

export function createProvider(s: ProviderSettings): Provider {
  const tidOf = (a: WorkAccount) => (a.directory === 'company' ? s.tenantId : s.foreignTenantId);
  const allowedOrigins = new Set<string>([
    ...s.corsOrigins,
    ...s.redirectUris.map(originOf).filter((o): o is string => !!o),
  ]);

  const configuration: Configuration = {
    adapter: memoryAdapterFactory(),
    jwks: s.jwks as Configuration['jwks'],
    cookies: { keys: s.cookieKeys },
    clients: [
      {
        client_id: s.clientId,
        client_name: 'Community Hub',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: s.redirectUris,
        post_logout_redirect_uris: s.postLogoutRedirectUris,
      },
    ],
    scopes: OIDC_SCOPES,
    claims: {
      openid: ['sub', 'oid', 'tid', 'ver'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // Entra puts the profile claims in the ID token of a code flow too (MSAL reads them from there).
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      const account = findWorkAccount(id);
      if (!account) return undefined;
      return {
        accountId: account.oid,
        async claims() {
          return {
            sub: account.oid,
            oid: account.oid,
            tid: tidOf(account),
            ver: '2.0',
            name: displayName(account),
            given_name: account.givenName,
            family_name: account.surname,
            preferred_username: account.email,
            email: mailOf(account),
            email_verified: true,
          };
        },
      };
    },
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const account = accountId ? findWorkAccount(accountId) : undefined;
      const scopes = (token.scope ?? '').split(' ').filter((x) => x && !OIDC_SCOPES.includes(x));
      return {
        scp: scopes.join(' '),
        tid: account ? tidOf(account) : s.tenantId,
        azp: token.clientId,
        ver: '2.0',
        ...(account
          ? { oid: account.oid, name: displayName(account), preferred_username: account.email, upn: account.email }
          : {}),
      };
    },
    // First-party client: consent is implied. The grant always carries what the client asked for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const client = oidc.client;
      const accountId = oidc.session?.accountId;
      if (!client || !accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (!grant || grant.accountId !== accountId || grant.clientId !== client.clientId) {
        grant = new oidc.provider.Grant({ clientId: client.clientId, accountId });
      }
      grant.addOIDCScope(OIDC_SCOPES.join(' '));
      grant.addOIDCClaims([
        'sub',
        'oid',
        'tid',
        'ver',
        'name',
        'given_name',
        'family_name',
        'preferred_username',
        'email',
        'email_verified',
      ]);
      grant.addResourceScope(s.graphResource, GRAPH_SCOPE);
      await grant.save();
      return grant;
    },
    clientBasedCORS(_ctx, origin) {
      return allowedOrigins.has(origin);
    },
    interactions: {
      policy: interactionPolicyWithSelectAccount(),
      url: (_ctx, interaction) => `${s.interactionPath}/${interaction.uid}`,
    },
    pkce: { methods: ['S256'], required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => s.graphResource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== s.graphResource) throw new errors.InvalidTarget();
          return {
            scope: GRAPH_SCOPE,
            audience: s.graphResource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 3600,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 300,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
      RefreshToken: 24 * 3600,
    },
    // A plain page with the OAuth error and its description (a local tool: the details help).
    async renderError(ctx, out) {
      ctx.type = 'html';
      const text = Object.entries(out)
        .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(String(v))}</dd>`)
        .join('');
      ctx.body = page('Sign-in error', `<h1>Something went wrong</h1><dl>${text}</dl>`);
    },
  };

  // Served by our own https server (not behind a proxy), so cookies are `Secure` without `proxy`.
  return new Provider(s.issuer, configuration);
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A small accessible page shell shared by the chooser and the error page. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Work account (local)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f3f2f1; color: #201f1e; margin: 0; }
  main { max-width: 28rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 4px; box-shadow: 0 2px 6px rgba(0,0,0,.15); }
  h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
  p { margin: 0 0 1.5rem; }
  ul { list-style: none; padding: 0; margin: 0 0 1.5rem; }
  li + li { margin-top: .5rem; }
  button { width: 100%; text-align: left; padding: .75rem 1rem; font: inherit; border: 1px solid #8a8886; border-radius: 4px; background: #fff; cursor: pointer; }
  button:hover { background: #f3f2f1; }
  button:focus-visible { outline: 3px solid #0f6cbd; outline-offset: 2px; }
  .name { display: block; font-weight: 600; }
  .mail { display: block; color: #605e5c; }
  .org { display: block; color: #605e5c; font-size: .875rem; }
  .secondary { width: auto; text-align: center; }
  dt { font-weight: 600; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
