/**
 * Issue 28, the authorization matrix of audiences: every community visibility × every event
 * visibility its community allows × every caller (anonymous, external user, staff user, member,
 * core member, admin) × every read route (events list of the community, search, detail, .ics, the
 * community's detail, its grid search and feed, the public and the signed-in home, the caller's
 * events). What each caller should see is worked out here from the rule as docs/decisions.md states
 * it, independently of the SQL. A hidden item answers exactly what a missing one does (status, body,
 * caching headers), and only public answers may be kept by shared caches. On PGlite (read cache on,
 * so its per-viewer keys are proven too) and on PostgreSQL when installed: one seeded database each.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VISIBILITIES, eventVisibilitiesAllowedIn, type Visibility } from '@hub/contract/visibility';
import {
  call,
  postgresAdminUrl,
  signUp,
  startTestApi,
  tokenFor,
  uniqueEmail,
  type Answer,
  type TestApi,
} from './helpers/test-env.ts';
import { makeWeeklyDigestMail, weekOf } from '../src/mail/weekly-digest.ts';
import { makeCommunityNewsMail } from '../src/mail/community-news-mail.ts';

const CALLERS = ['anonymous', 'external', 'staff', 'member', 'core', 'admin'] as const;
type CallerName = (typeof CALLERS)[number];

/** What each caller is, as far as audiences go: the core member and the member are not staff. */
const TRAITS: Record<CallerName, { staff: boolean; member: boolean; core: boolean; admin: boolean }> = {
  anonymous: { staff: false, member: false, core: false, admin: false },
  external: { staff: false, member: false, core: false, admin: false },
  staff: { staff: true, member: false, core: false, admin: false },
  member: { staff: false, member: true, core: false, admin: false },
  core: { staff: false, member: false, core: true, admin: false },
  admin: { staff: true, member: false, core: false, admin: true },
};

/** The rule, written plainly: who is in an audience of one of the test's communities. */
function inAudience(caller: CallerName, visibility: Visibility): boolean {
  const t = TRAITS[caller];
  if (t.admin || t.core) return true;
  if (visibility === 'public' || visibility === 'unlisted') return true;
  if (visibility === 'staff') return t.staff;
  return t.member;
}

/** A word no demo text holds, so a search finds only the test's items. */
const WORD = 'Quokkaudience';
const MISSING = 2_000_000_000;
const day = 86_400_000;

interface Item {
  community: Visibility;
  event: Visibility;
  communityId: number;
  eventId: number;
  title: string;
}

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `audiences matrix (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let memberId = 0;
      const tokens = {} as Record<CallerName, string | undefined>;
      const communities = new Map<Visibility, number>();
      const items: Item[] = [];

      before(async () => {
        api = await startTestApi({ kind });
        const db = api.database.db;
        tokens.external = await tokenFor('external@hub.test');
        tokens.staff = await tokenFor('staff@hub.test');
        tokens.admin = await tokenFor('admin@hub.test');
        // The member and the core member: fresh external accounts, so that only their seat counts.
        const ids = {} as Record<'member' | 'core', number>;
        for (const name of ['member', 'core'] as const) {
          const email = uniqueEmail(`audience-${name}`);
          const account = await signUp(email, { displayName: `Audience, ${name}` });
          const sync = await call(api.url, 'POST', '/api/user/sync', {
            token: account.token,
            body: { msfAccessToken: null },
          });
          assert.equal(sync.status, 200, sync.text);
          tokens[name] = account.token;
          ids[name] = (
            await db.selectFrom('appUser').select('id').where('email', '=', email).executeTakeFirstOrThrow()
          ).id;
        }
        memberId = ids.member;
        const coreId = ids.core;
        // Events of the coming days with many attendees: were the filter missing, the public home
        // would feature one of them.
        const starts = new Date(Date.now() + 2 * day);
        for (const community of VISIBILITIES) {
          const { id } = await db
            .insertInto('community')
            .values({ name: `${WORD} ${community}`, countryId: 1, communityBaseId: 1, visibility: community })
            .returning('id')
            .executeTakeFirstOrThrow();
          communities.set(community, id);
          await db.insertInto('communityMembership').values({ communityId: id, userId: memberId }).execute();
          await db.insertInto('communityCoreMember').values({ communityId: id, userId: coreId }).execute();
          for (const event of eventVisibilitiesAllowedIn(community)) {
            const title = `${WORD} ${community} ${event}`;
            const row = await db
              .insertInto('event')
              .values({
                communityId: id,
                title,
                startsAt: starts,
                endsAt: new Date(starts.getTime() + 3_600_000),
                capacity: null,
                attendeeCount: 100_000 + items.length,
                visibility: event,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await db
              .insertInto('eventLocation')
              .values({
                eventId: row.id,
                cityName: 'Utrecht',
                address: 'Papendorpseweg 100',
                online: false,
                position: 0,
              })
              .execute();
            items.push({ community, event, communityId: id, eventId: row.id, title });
          }
        }
      });
      after(async () => api?.close());

      const get = (caller: CallerName, path: string) => call(api.url, 'GET', path, { token: tokens[caller] });
      const seesEvent = (caller: CallerName, item: Item) =>
        inAudience(caller, item.community) && inAudience(caller, item.event);

      /** Same status, body and caching headers as an item that does not exist. */
      function assertSameAsMissing(hidden: Answer, missing: Answer, label: string) {
        assert.equal(hidden.status, 404, `${label}: status`);
        assert.equal(hidden.text, missing.text, `${label}: body`);
        for (const header of ['content-type', 'cache-control', 'etag', 'vary'])
          assert.equal(hidden.headers.get(header), missing.headers.get(header), `${label}: ${header}`);
      }

      /** Only an anonymous answer of public items may be kept by shared caches. */
      function assertCaching(answer: Answer, caller: CallerName, allPublic: boolean, label: string) {
        const cacheControl = answer.headers.get('cache-control') ?? '';
        if (caller === 'anonymous' && allPublic) assert.match(cacheControl, /^public/, `${label}: ${cacheControl}`);
        else assert.match(cacheControl, /^private/, `${label}: ${cacheControl}`);
        assert.match(answer.headers.get('vary') ?? '', /authorization/i, `${label}: vary`);
      }

      it('opens an event, its .ics and its community only for those in both audiences, else the 404 of a missing one', async () => {
        for (const caller of CALLERS) {
          const missingEvent = await get(caller, `/api/events/${MISSING}`);
          const missingIcs = await get(caller, `/api/events/${MISSING}/ics`);
          const missingCommunity = await get(caller, `/api/community/${MISSING}`);
          const missingFeed = await get(caller, `/api/community/${MISSING}/events.ics`);
          const missingEventNews = await get(caller, `/api/events/${MISSING}/messages`);
          const missingCommunityNews = await get(caller, `/api/community/${MISSING}/messages`);
          const missingGoing = await get(caller, `/api/events/${MISSING}/whos-going`);
          for (const item of items) {
            const label = `${caller} × community ${item.community} × event ${item.event}`;
            const detail = await get(caller, `/api/events/${item.eventId}`);
            const ics = await get(caller, `/api/events/${item.eventId}/ics`);
            const news = await get(caller, `/api/events/${item.eventId}/messages`);
            // Issue 28's "Who's going": signed-in callers only (401 alike for every id), else as the detail.
            const going = await get(caller, `/api/events/${item.eventId}/whos-going`);
            const allPublic = item.community === 'public' && item.event === 'public';
            if (seesEvent(caller, item)) {
              assert.equal(detail.status, 200, `${label}: detail`);
              assert.equal(detail.json.visibility, item.event);
              assert.equal(detail.json.communityVisibility, item.community);
              assertCaching(detail, caller, allPublic, `${label}: detail`);
              assert.equal(ics.status, 200, `${label}: .ics`);
              assert.match(ics.text, new RegExp(item.title));
              assertCaching(ics, caller, allPublic, `${label}: .ics`);
              assert.equal(news.status, 200, `${label}: organisers' updates`);
              assert.equal(going.status, caller === 'anonymous' ? 401 : 200, `${label}: who's going`);
            } else {
              assertSameAsMissing(detail, missingEvent, `${label}: detail`);
              assertSameAsMissing(ics, missingIcs, `${label}: .ics`);
              assertSameAsMissing(news, missingEventNews, `${label}: organisers' updates`);
              if (caller === 'anonymous') assert.equal(going.status, 401, `${label}: who's going`);
              else assertSameAsMissing(going, missingGoing, `${label}: who's going`);
            }
          }
          for (const [visibility, id] of communities) {
            const label = `${caller} × community ${visibility}`;
            const detail = await get(caller, `/api/community/${id}`);
            const feed = await get(caller, `/api/community/${id}/events.ics`);
            const news = await get(caller, `/api/community/${id}/messages`);
            if (inAudience(caller, visibility)) {
              assert.equal(news.status, 200, `${label}: announcements`);
              assert.equal(detail.status, 200, `${label}: detail`);
              assert.equal(detail.json.visibility, visibility);
              assertCaching(detail, caller, visibility === 'public', `${label}: detail`);
              assert.equal(feed.status, 200, `${label}: feed`);
              // The feed holds what the community's page lists to this caller: never an unlisted event.
              for (const item of items.filter((i) => i.communityId === id)) {
                const listed = seesEvent(caller, item) && item.event !== 'unlisted';
                assert.equal(feed.text.includes(item.title), listed, `${label}: feed has ${item.title}`);
              }
              // The card's count and next event count only what the caller would find in the list.
              const listedHere = items.filter(
                (i) => i.communityId === id && seesEvent(caller, i) && i.event !== 'unlisted',
              );
              assert.equal(detail.json.upcomingEventCount, listedHere.length, `${label}: upcoming count`);
            } else {
              assertSameAsMissing(detail, missingCommunity, `${label}: detail`);
              assertSameAsMissing(feed, missingFeed, `${label}: feed`);
              assertSameAsMissing(news, missingCommunityNews, `${label}: announcements`);
            }
          }
        }
      });

      it('lists and finds only what each caller may see, and never an unlisted item', async () => {
        for (const caller of CALLERS) {
          const found = await get(caller, `/api/events?q=${WORD}&pageSize=100`);
          assert.equal(found.status, 200);
          const foundTitles = new Set(found.json.items.map((e: { title: string }) => e.title));
          const expected = items.filter(
            (i) => seesEvent(caller, i) && i.event !== 'unlisted' && i.community !== 'unlisted',
          );
          assert.deepEqual(
            [...foundTitles].sort(),
            expected.map((i) => i.title).sort(),
            `${caller}: the events search`,
          );
          assert.equal(found.json.total, expected.length, `${caller}: the search's total`);
          assertCaching(found, caller, true, `${caller}: events search`);
          // A community's own page lists its events (an unlisted community's too, for those with its link).
          for (const [visibility, id] of communities) {
            const page = await get(caller, `/api/events?communityId=${id}&pageSize=100`);
            const titles = page.json.items.map((e: { title: string }) => e.title).sort();
            const listed = items.filter((i) => i.communityId === id && seesEvent(caller, i) && i.event !== 'unlisted');
            assert.deepEqual(titles, listed.map((i) => i.title).sort(), `${caller}: events of community ${visibility}`);
          }
          const grid = await get(caller, `/api/community/base/1?search=${WORD}`);
          assert.deepEqual(
            grid.json.map((c: { name: string }) => c.name).sort(),
            VISIBILITIES.filter((v) => v !== 'unlisted' && inAudience(caller, v))
              .map((v) => `${WORD} ${v}`)
              .sort(),
            `${caller}: the communities grid search`,
          );
        }
      });

      it('keeps non-public items off the public home, and off the signed-in home of those who may not see them', async () => {
        const home = await get('anonymous', '/api/home');
        assert.equal(home.status, 200);
        assert.match(home.headers.get('cache-control') ?? '', /^public/);
        // Every test event outnumbers the demo's attendees: the public one is the one featured.
        const featured = items.find((i) => i.community === 'public' && i.event === 'public')!;
        assert.equal(home.json.featuredEvent?.id, featured.eventId);
        for (const c of home.json.activeCommunities) assert.equal(c.visibility, 'public', `active ${c.name}`);
        for (const caller of ['external', 'staff', 'member', 'core'] as const) {
          const mine = await get(caller, '/api/user/home');
          assert.equal(mine.status, 200);
          for (const e of mine.json.communityEvents) {
            const item = items.find((i) => i.eventId === e.id);
            if (item)
              assert.ok(seesEvent(caller, item) && item.event !== 'unlisted', `${caller}: home shows ${item.title}`);
          }
          for (const c of mine.json.suggestedCommunities) {
            const visibility = [...communities].find(([, id]) => id === c.id)?.[0];
            if (visibility)
              assert.ok(visibility !== 'unlisted' && inAudience(caller, visibility), `${caller}: suggests ${c.name}`);
          }
        }
        // The member is in every test community: their home shows the members-only event.
        const memberHome = await get('member', '/api/user/home');
        assert.ok(
          memberHome.json.communityEvents.some((e: { title: string }) => e.title === `${WORD} members members`),
          'the member sees their members-only event on their home',
        );
      });

      it('lets nobody attend or join what they may not see, with the 404 of a missing item', async () => {
        const staffOnly = items.find((i) => i.community === 'public' && i.event === 'staff')!;
        const refused = await call(api.url, 'PUT', `/api/events/${staffOnly.eventId}/attendance`, {
          token: tokens.external,
          body: {},
        });
        const missing = await call(api.url, 'PUT', `/api/events/${MISSING}/attendance`, {
          token: tokens.external,
          body: {},
        });
        assertSameAsMissing(refused, missing, 'attend a staff-only event as external');
        const join = await call(api.url, 'PUT', `/api/communitymembership/${communities.get('staff')}`, {
          token: tokens.external,
        });
        const joinMissing = await call(api.url, 'PUT', `/api/communitymembership/${MISSING}`, {
          token: tokens.external,
        });
        assertSameAsMissing(join, joinMissing, 'join a staff-only community as external');
        const me = await get('external', `/api/events/${staffOnly.eventId}/me`);
        assertSameAsMissing(me, await get('external', `/api/events/${MISSING}/me`), 'my view of a staff-only event');
      });

      it('mails a member news and a digest only of the events they may find', async () => {
        const { db } = api.database;
        const listedToMember = items.filter(
          (i) => seesEvent('member', i) && i.event !== 'unlisted' && i.community !== 'unlisted',
        );
        // The digest (every test community is a 'digest' one for the member by default).
        const digest = await makeWeeklyDigestMail(
          { userId: memberId, week: weekOf(new Date()) },
          { db, config: api.config },
        );
        assert.ok('mail' in digest, JSON.stringify(digest));
        const inDigest = items.filter((i) => digest.mail.text.includes(i.title)).map((i) => i.title);
        assert.deepEqual(inDigest.sort(), listedToMember.map((i) => i.title).sort(), 'the digest');
        // Community news at once: the member chooses it for every test community.
        await db
          .insertInto('communityNewsChoice')
          .values([...communities.values()].map((communityId) => ({ userId: memberId, communityId, choice: 'now' })))
          .execute();
        for (const item of items) {
          const news = await makeCommunityNewsMail(
            { eventId: item.eventId, userId: memberId },
            { db, config: api.config },
          );
          const listed = listedToMember.includes(item);
          assert.equal('mail' in news, listed, `news of ${item.title}: ${JSON.stringify(news).slice(0, 120)}`);
        }
      });

      it('refuses an event more open than its community, and gives a new event its community’s visibility', async () => {
        const staffCommunity = communities.get('staff')!;
        const body = {
          communityId: staffCommunity,
          title: `${WORD} created`,
          description: '',
          imageUrl: '',
          startsAt: new Date(Date.now() + 20 * day).toISOString(),
          endsAt: new Date(Date.now() + 20 * day + 3_600_000).toISOString(),
          timeZone: 'Europe/Amsterdam',
          capacity: null,
          locations: [{ cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' }],
        };
        for (const open of ['public', 'unlisted'] as const) {
          const refused = await call(api.url, 'POST', '/api/events', {
            token: tokens.admin,
            body: { ...body, visibility: open },
          });
          assert.equal(refused.status, 400, refused.text);
          assert.match(refused.json.details.join(' '), /more open than its community allows/);
        }
        const created = await call(api.url, 'POST', '/api/events', { token: tokens.admin, body });
        assert.equal(created.status, 201, created.text);
        assert.equal(created.json.visibility, 'staff');
        const narrowed = await call(api.url, 'PUT', `/api/events/${created.json.id}`, {
          token: tokens.admin,
          body: { ...body, visibility: 'members' },
        });
        assert.equal(narrowed.status, 200, narrowed.text);
        assert.equal(narrowed.json.visibility, 'members');
        // Moved to a members-only community, a staff event would be more open than it allows.
        const moved = await call(api.url, 'PUT', `/api/events/${created.json.id}`, {
          token: tokens.admin,
          body: { ...body, communityId: communities.get('members'), visibility: 'staff' },
        });
        assert.equal(moved.status, 400, moved.text);
        // Left out of an edit, the visibility stays.
        const kept = await call(api.url, 'PUT', `/api/events/${created.json.id}`, { token: tokens.admin, body });
        assert.equal(kept.json.visibility, 'members');
      });

      it("a community's invitation link and requests: managed by its core members and admins, the 404 of a missing one to those who may not see it", async () => {
        const made = await call(api.url, 'POST', `/api/community/${communities.get('members')}/invitation`, {
          token: tokens.admin,
          body: { mode: 'request' },
        });
        assert.equal(made.status, 200, made.text);
        for (const caller of CALLERS) {
          const missing = {
            invitation: await get(caller, `/api/community/${MISSING}/invitation`),
            requests: await get(caller, `/api/community/${MISSING}/join-requests`),
          };
          for (const [visibility, id] of communities) {
            for (const route of ['invitation', 'requests'] as const) {
              const label = `${caller} × community ${visibility}: ${route}`;
              const answer = await get(
                caller,
                `/api/community/${id}/${route === 'requests' ? 'join-requests' : route}`,
              );
              const manages = TRAITS[caller].core || TRAITS[caller].admin;
              if (caller === 'anonymous') assert.equal(answer.status, 401, label);
              else if (manages) assert.equal(answer.status, 200, `${label}: ${answer.text}`);
              else if (inAudience(caller, visibility)) assert.equal(answer.status, 403, label);
              else assertSameAsMissing(answer, missing[route], label);
            }
          }
          // The link itself shows the face to anyone signed in, member or not.
          const face = await get(caller, `/api/community-invitations/${made.json.token}`);
          assert.equal(face.status, caller === 'anonymous' ? 401 : 200, `${caller}: the link's face`);
        }
      });
    },
  );
}
