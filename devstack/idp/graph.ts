/**
 * Graph-compatible `GET /v1.0/me`: validates the bearer access token as Microsoft Graph would
 * (signature by this provider, issuer, audience, expiry, `scp` containing User.Read) and returns the
 * account's profile. The API calls it with `msfAccessToken` (api/src/graph/graph-client.ts reads
 * id, mail, userPrincipalName, givenName, surname and city). Bad tokens get 401 with a Graph-style
 * JSON error.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK } from 'jose';
import { displayName, findWorkAccount, mailOf } from './accounts.ts';
import { GRAPH_SCOPE } from './provider.ts';

export interface GraphSettings {
  issuer: string;
  audience: string;
  jwks: { keys: JWK[] };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, client-request-id',
  'access-control-allow-methods': 'GET, OPTIONS',
};

function send(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...CORS,
    ...extra,
  });
  res.end(JSON.stringify(body));
}

function unauthorized(res: ServerResponse, message: string): void {
  send(
    res,
    401,
    { error: { code: 'InvalidAuthenticationToken', message } },
    { 'www-authenticate': `Bearer realm="", error="invalid_token", error_description="${message.replace(/"/g, "'")}"` },
  );
}

export function createGraphHandler(s: GraphSettings) {
  const keys = createLocalJWKSet(s.jwks);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'access-control-max-age': '600' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(
        res,
        405,
        { error: { code: 'Request_BadRequest', message: 'Only GET is supported.' } },
        { allow: 'GET, OPTIONS' },
      );
      return;
    }
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match?.[1]) {
      unauthorized(res, 'Access token is empty.');
      return;
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(match[1], keys, {
        issuer: s.issuer,
        audience: s.audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
      }));
    } catch (error) {
      unauthorized(
        res,
        error instanceof joseErrors.JWTExpired
          ? 'Lifetime validation failed, the token is expired.'
          : 'Access token validation failure.',
      );
      return;
    }
    const scopes = typeof payload['scp'] === 'string' ? payload['scp'].split(' ') : [];
    if (!scopes.includes(GRAPH_SCOPE)) {
      unauthorized(res, `Access token lacks the ${GRAPH_SCOPE} scope.`);
      return;
    }
    const account = typeof payload.sub === 'string' ? findWorkAccount(payload.sub) : undefined;
    if (!account) {
      unauthorized(res, 'The token does not belong to a known user.');
      return;
    }
    send(res, 200, {
      '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
      id: account.oid,
      displayName: displayName(account),
      givenName: account.givenName,
      surname: account.surname,
      // Graph answers for every tenant's token, and `mail` is whatever the tenant's administrator set.
      mail: mailOf(account),
      userPrincipalName: account.email,
      city: account.city,
      businessPhones: [],
      jobTitle: null,
      mobilePhone: null,
      officeLocation: null,
      preferredLanguage: null,
    });
  };
}
