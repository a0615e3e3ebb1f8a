/**
 * A browser-less client of the stand-in, for tests: an https client that trusts the self-signed
 * certificate and keeps cookies like a browser, and `signInWithWorkAccount`, which runs the whole
 * authorization-code + PKCE flow through the account chooser and returns the tokens MSAL would get.
 * API or end-to-end tests can use it to obtain a real `msfAccessToken` without a browser.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  location: string | undefined;
  json<T = Record<string, unknown>>(): T;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expires: number;
}

/** One "browser": an https client bound to a CA certificate, with a cookie jar for one host. */
export class IdpHttpClient {
  private readonly cookies = new Map<string, StoredCookie>();
  private readonly ca: string;

  constructor(caCertPath: string) {
    this.ca = readFileSync(caCertPath, 'utf8');
  }

  private cookieHeader(path: string): string | undefined {
    const now = Date.now();
    const matching = [...this.cookies.values()].filter(
      (c) => c.expires > now && (path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
    );
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  private storeCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expires = Number.MAX_SAFE_INTEGER;
      for (const attr of attrs) {
        const [k = '', v = ''] = attr.split('=');
        if (k.toLowerCase() === 'path') path = v;
        if (k.toLowerCase() === 'expires') expires = Date.parse(v);
        if (k.toLowerCase() === 'max-age') expires = Date.now() + Number(v) * 1000;
      }
      const key = `${name};${path}`;
      if (!value || expires <= Date.now()) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path, expires });
    }
  }

  request(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string; cookies?: boolean } = {},
  ): Promise<HttpResponse> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = init.cookies === false ? undefined : this.cookieHeader(target.pathname);
    if (cookie) headers['cookie'] = cookie;
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    return new Promise((resolve, reject) => {
      const req = httpsRequest(target, { method: init.method ?? 'GET', headers, ca: this.ca }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (init.cookies !== false) this.storeCookies(res.headers['set-cookie']);
          const body = Buffer.concat(chunks).toString('utf8');
          const location = res.headers.location ? new URL(res.headers.location, target).href : undefined;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            location,
            json: <T>() => JSON.parse(body) as T,
          });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(init.body);
    });
  }

  /** Follows redirects on the IdP's origin; stops at the first response that is not a redirect or leaves it. */
  async follow(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<HttpResponse> {
    let res = await this.request(url, init);
    const origin = new URL(url).origin;
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400 && res.location; hops++) {
      if (new URL(res.location).origin !== origin) return res;
      res = await this.request(res.location);
    }
    return res;
  }

  /**
   * Submits the auto-posting form oidc-provider answers with when the chosen account differs from the
   * signed-in one (it ends the old session first), as the browser's script would.
   */
  async submitAutoPostForm(page: HttpResponse, baseUrl: string): Promise<HttpResponse> {
    const action = /<form[^>]*action="([^"]+)"/i.exec(page.body)?.[1];
    if (!action) throw new Error(`no form in page: ${page.body.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const m of page.body.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) {
      fields.set(m[1]!, decodeHtml(m[2]!));
    }
    return this.follow(new URL(decodeHtml(action), baseUrl).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
  }
}

const decodeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x2F;/g, '/')
    .replace(/&#x3D;/g, '=');

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Parameters from a redirect to the client (query or fragment). */
export function redirectParams(location: string): URLSearchParams {
  const u = new URL(location);
  return new URLSearchParams(u.hash ? u.hash.slice(1) : u.search);
}

export interface WorkTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string | undefined;
  expiresIn: number;
  scope: string;
}

export interface SignInOptions {
  authority: string;
  caCertPath: string;
  clientId: string;
  redirectUri: string;
  /** E-mail of the demo work account to pick in the chooser. */
  email: string;
  scope?: string;
  /** A client to reuse (keeps the IdP session, as one browser would). */
  client?: IdpHttpClient;
  /** The `nonce` to send (the apps send SHA-256 hex of the rawNonce they give Firebase); default random. */
  nonce?: string;
}

/** Runs code + PKCE through the account chooser and redeems the code, as MSAL does. */
export async function signInWithWorkAccount(o: SignInOptions): Promise<WorkTokens> {
  const client = o.client ?? new IdpHttpClient(o.caCertPath);
  const meta = (await client.request(`${o.authority}/.well-known/openid-configuration`)).json<{
    authorization_endpoint: string;
    token_endpoint: string;
  }>();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const auth = new URL(meta.authorization_endpoint);
  auth.search = new URLSearchParams({
    client_id: o.clientId,
    redirect_uri: o.redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    scope: o.scope ?? 'openid profile email offline_access User.Read',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: o.nonce ?? randomBytes(8).toString('hex'),
    prompt: 'select_account',
  }).toString();
  const chooser = await client.follow(auth.href);
  if (chooser.status !== 200) throw new Error(`account chooser expected, got ${chooser.status}`);
  const action = /<form method="post" action="([^"]+\/select)"/.exec(chooser.body)?.[1];
  const accountId = new RegExp(`value="([^"]+)" aria-label="Sign in as [^"]*, ${o.email.replace(/\./g, '\\.')}`).exec(
    chooser.body,
  )?.[1];
  if (!action || !accountId) throw new Error(`account ${o.email} is not offered by the chooser`);
  let done = await client.follow(new URL(action, o.authority).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: accountId }).toString(),
  });
  if (done.status === 200 && /<form/i.test(done.body)) done = await client.submitAutoPostForm(done, o.authority);
  if (!done.location) throw new Error(`no redirect to the client (status ${done.status})`);
  const params = redirectParams(done.location);
  const code = params.get('code');
  if (!code || params.get('state') !== state) throw new Error(`authorization failed: ${params.toString()}`);
  const token = await client.request(meta.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(o.redirectUri).origin },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: o.clientId,
      redirect_uri: o.redirectUri,
      code,
      code_verifier: verifier,
    }).toString(),
  });
  if (token.status !== 200) throw new Error(`token endpoint answered ${token.status}: ${token.body}`);
  const t = token.json<{
    id_token: string;
    access_token: string;
    refresh_token?: string;
    expires_in: number;
    scope: string;
  }>();
  return {
    idToken: t.id_token,
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresIn: t.expires_in,
    scope: t.scope,
  };
}
