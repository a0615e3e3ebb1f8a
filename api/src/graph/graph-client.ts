/**
 * Validates a work-account access token by calling the Graph-compatible `/v1.0/me` with it
 * (Microsoft Graph in production, the local identity-provider stand-in in development).
 */
import { Agent, fetch, type Response } from 'undici';

export interface GraphProfile {
  id: string;
  mail: string | null;
  userPrincipalName: string | null;
  givenName: string | null;
  surname: string | null;
  city: string | null;
}

export type GraphResult =
  { ok: true; profile: GraphProfile } | { ok: false; reason: 'rejected' | 'unreachable' | 'malformed'; detail: string };

export interface GraphClient {
  me(accessToken: string): Promise<GraphResult>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

export function createGraphClient(opts: {
  baseUrl: string;
  allowSelfSigned: boolean;
  timeoutMs?: number;
}): GraphClient {
  // Locally the stand-in uses a self-signed certificate made at start; production never allows that.
  const dispatcher = opts.allowSelfSigned ? new Agent({ connect: { rejectUnauthorized: false } }) : undefined;
  return {
    async me(accessToken) {
      let res: Response;
      try {
        res = await fetch(`${opts.baseUrl}/v1.0/me`, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(opts.timeoutMs ?? 4000),
          ...(dispatcher ? { dispatcher } : {}),
        });
      } catch (error) {
        return { ok: false, reason: 'unreachable', detail: error instanceof Error ? error.message : String(error) };
      }
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        return { ok: false, reason: 'rejected', detail: `Graph answered ${res.status}` };
      }
      if (!res.ok) {
        await res.body?.cancel();
        return { ok: false, reason: 'unreachable', detail: `Graph answered ${res.status}` };
      }
      let body: Record<string, unknown>;
      try {
        body = (await res.json()) as Record<string, unknown>;
      } catch {
        return { ok: false, reason: 'malformed', detail: 'Graph answer is not JSON' };
      }
      const id = str(body['id']);
      if (!id) return { ok: false, reason: 'malformed', detail: 'Graph answer has no id' };
      return {
        ok: true,
        profile: {
          id,
          mail: str(body['mail']),
          userPrincipalName: str(body['userPrincipalName']),
          givenName: str(body['givenName']),
          surname: str(body['surname']),
          city: str(body['city']),
        },
      };
    },
  };
}
