import type { Country } from '@hub/contract/catalogue';
import type { CommunityDetail, CommunityInput, CommunityList, CommunitySummary } from '@hub/contract/community';
import type { AppointCoreMemberInput, CoreMemberList } from '@hub/contract/core-members';
import { CommunityBaseId } from '@hub/contract/enums';
import type { UserInfo } from '@hub/contract/user';
import { idTokenOf } from './login';
import { ports } from './stack';

/**
 * The real API (api/src/routes) called directly, as a signed-in user would through the site: for
 * arranging and restoring test data on the shared database, and for asserting what the server
 * refuses. Nothing here is stubbed.
 */
export const apiOrigin = process.env.HUB_API_URL ?? `http://localhost:${ports.api}`;

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** One call to the API; with `token`, as that user. Never throws on an HTTP status. */
export async function callApi<T = unknown>(
  method: string,
  path: string,
  { token, json }: { token?: string; json?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${apiOrigin}/${path.replace(/^\//, '')}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A non-JSON answer stays text.
  }
  return { status: response.status, body: body as T };
}

/** Like callApi, but any status outside 2xx is an error (for arranging data). */
async function expectOk<T>(method: string, path: string, options: { token?: string; json?: unknown } = {}): Promise<T> {
  const answer = await callApi<T>(method, path, options);
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** A demo account, signed in at the Auth emulator, calling the API. */
export class ApiUser {
  private token: string | undefined;

  constructor(readonly email: string) {}

  async idToken(): Promise<string> {
    // Emulator tokens last an hour: one per user per test file is plenty.
    this.token ??= await idTokenOf(this.email);
    return this.token;
  }

  async call<T = unknown>(method: string, path: string, json?: unknown): Promise<ApiAnswer<T>> {
    return callApi<T>(method, path, { token: await this.idToken(), json });
  }

  async userInfo(): Promise<UserInfo> {
    return expectOk<UserInfo>('GET', 'api/user', { token: await this.idToken() });
  }

  async isMemberOf(communityId: number): Promise<boolean> {
    return (await this.userInfo()).memberOfCommunities.some((m) => m.communityId === communityId);
  }

  /** Makes sure this user is (or is not) a member of the community, whatever earlier runs left. */
  async setMembership(communityId: number, member: boolean): Promise<void> {
    if ((await this.isMemberOf(communityId)) === member) return;
    await expectOk(member ? 'PUT' : 'DELETE', `api/communitymembership/${communityId}`, {
      token: await this.idToken(),
    });
  }

  async createCommunity(input: CommunityInput): Promise<CommunityDetail> {
    return expectOk<CommunityDetail>('POST', 'api/community', { token: await this.idToken(), json: input });
  }

  async updateCommunity(id: number, input: CommunityInput): Promise<CommunityDetail> {
    return expectOk<CommunityDetail>('PUT', `api/community/${id}`, { token: await this.idToken(), json: input });
  }

  /** Deletes a community; one that is already gone is fine. */
  async deleteCommunity(id: number): Promise<void> {
    const answer = await this.call('DELETE', `api/community/${id}`);
    if (answer.status !== 204 && answer.status !== 404) {
      throw new Error(`DELETE api/community/${id} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
  }

  async coreMembers(communityId: number): Promise<CoreMemberList> {
    return expectOk<CoreMemberList>('GET', `api/community/${communityId}/core-members`, {
      token: await this.idToken(),
    });
  }

  /** Appoints a core member by e-mail unless they already are one (the lead or an admin may). */
  async ensureCoreMember(communityId: number, email: string, responsibleForCommunity = false): Promise<void> {
    const seats = await this.coreMembers(communityId);
    if (seats.some((m) => m.email.toLowerCase() === email.toLowerCase())) return;
    const json: AppointCoreMemberInput = { email, responsibleForCommunity };
    await expectOk('POST', `api/community/${communityId}/core-members`, { token: await this.idToken(), json });
  }

  /** Removes a core member's seat (they stay a member) if they have one. */
  async ensureNotCoreMember(communityId: number, email: string): Promise<void> {
    const seat = (await this.coreMembers(communityId)).find((m) => m.email.toLowerCase() === email.toLowerCase());
    if (!seat) return;
    await expectOk('DELETE', `api/community/${communityId}/core-members/${seat.id}`, { token: await this.idToken() });
  }
}

/** Public reads, as anybody. */
export const publicApi = {
  community: (id: number) => expectOk<CommunityDetail>('GET', `api/community/${id}`),
  communitiesOfBase: (baseId: number) => expectOk<CommunityList>('GET', `api/community/base/${baseId}`),
  countries: () => expectOk<Country[]>('GET', 'api/country'),
  /** A community's next events, soonest first (one page). */
  upcomingEventsOf: (communityId: number) =>
    expectOk<{ items: { id: number }[] }>('GET', `api/events?when=upcoming&communityId=${communityId}`),
};

/** A seeded community or network by its name (ids depend on the database, names do not). */
export async function seededCommunity(baseId: CommunityBaseId, name: string): Promise<CommunitySummary> {
  const found = (await publicApi.communitiesOfBase(baseId)).find((c) => c.name === name);
  if (!found)
    throw new Error(
      `The demo data has no ${baseId === CommunityBaseId.Network ? 'network' : 'community'} named '${name}'.`,
    );
  return found;
}

/** A name no earlier run or other test used. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
