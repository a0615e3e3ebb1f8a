/**
 * Issue 27, archive and restore a community or network: only an admin may (401 anonymous, 403 a
 * core member or anyone else, 409 twice), each is audited, and the effects: archived, it is in no
 * list (its base's list, the country counts, the events list) but its page and its own events still
 * open; its events cannot be joined, nobody new joins it and no event is created in it; its members
 * are kept. Restored, everything is back. On PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AuditLogPage } from '@hub/contract/audit';
import type { CommunityDetail, CommunityList, CommunityOverview } from '@hub/contract/community';
import type { EventDetail, EventPage } from '@hub/contract/events';
import { call, postgresAdminUrl, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `community archive and restore (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin = '';
      let lead = '';
      let staff = '';
      let java = 0;
      let eventId = 0;

      const detail = async () => (await call(api.url, 'GET', `/api/community/${java}`)).json as CommunityDetail;
      const listed = async () =>
        ((await call(api.url, 'GET', '/api/community/base/1')).json as CommunityList).some((c) => c.id === java);
      const countryCount = async (countryId: number) =>
        ((await call(api.url, 'GET', '/api/community')).json as CommunityOverview).find(
          (c) => c.countryId === countryId,
        )?.communities ?? 0;
      const inEventList = async (query = '') =>
        ((await call(api.url, 'GET', `/api/events?pageSize=100${query}`)).json as EventPage).items.some(
          (e) => e.id === eventId,
        );
      const eventBody = (title: string) => ({
        communityId: java,
        title,
        description: '',
        imageUrl: '',
        startsAt: '2031-06-04T08:00:00.000Z',
        endsAt: '2031-06-04T16:00:00.000Z',
        timeZone: 'Europe/Amsterdam',
        capacity: null,
        locations: [{ cityName: 'Online', address: null, online: 'Yes' }],
      });

      before(async () => {
        api = await startTestApi({ kind });
        [admin, lead, staff] = (await Promise.all(
          ['admin@hub.test', 'lead@hub.test', 'staff@hub.test'].map((e) => tokenFor(e)),
        )) as [string, string, string];
        java = api.seed!.communities['Java Community']!;
        const created = await call(api.url, 'POST', '/api/events', { token: admin, body: eventBody('Archive Day') });
        assert.equal(created.status, 201, created.text);
        eventId = (created.json as EventDetail).id;
      });
      after(async () => api?.close());

      it('only an admin archives or restores: 401 anonymous, 403 a lead or staff, 404 unknown', async () => {
        assert.equal((await call(api.url, 'POST', `/api/community/${java}/archive`)).status, 401);
        for (const token of [lead, staff]) {
          assert.equal((await call(api.url, 'POST', `/api/community/${java}/archive`, { token })).status, 403);
          assert.equal((await call(api.url, 'POST', `/api/community/${java}/restore`, { token })).status, 403);
        }
        assert.equal((await call(api.url, 'POST', '/api/community/999999/archive', { token: admin })).status, 404);
        assert.equal((await detail()).archivedAt, null);
      });

      it('archived: in no list, its page and own events still open, nobody joins, no new events; members kept', async () => {
        const before = await detail();
        const countBefore = await countryCount(before.countryId);
        assert.ok(await listed());
        assert.ok(await inEventList());

        const archived = await call(api.url, 'POST', `/api/community/${java}/archive`, { token: admin });
        assert.equal(archived.status, 200, archived.text);
        const body = archived.json as CommunityDetail;
        assert.ok(body.archivedAt && !Number.isNaN(Date.parse(body.archivedAt)));
        assert.equal((await call(api.url, 'POST', `/api/community/${java}/archive`, { token: admin })).status, 409);

        assert.equal(await listed(), false);
        assert.equal(await countryCount(before.countryId), countBefore - 1);
        assert.equal(await inEventList(), false);
        assert.ok(await inEventList(`&communityId=${java}`), 'its own page still lists its events');
        const page = await detail();
        assert.ok(page.archivedAt);
        assert.equal(page.memberCount, before.memberCount);
        assert.deepEqual(page.coreMembers, before.coreMembers);

        const attend = await call(api.url, 'PUT', `/api/events/${eventId}/attendance`, { token: staff, body: {} });
        assert.equal(attend.status, 409, attend.text);
        assert.match(attend.text, /archived/);
        const join = await call(api.url, 'PUT', `/api/communitymembership/${java}`, { token: staff });
        assert.equal(join.status, 409, join.text);
        const create = await call(api.url, 'POST', '/api/events', { token: admin, body: eventBody('Not now') });
        assert.equal(create.status, 409, create.text);

        const log = await call(api.url, 'GET', `/api/admin/audit-log?action=community.archive&targetId=${java}`, {
          token: admin,
        });
        const entries = (log.json as AuditLogPage).items;
        assert.equal(entries.length, 1);
        assert.equal(entries[0]!.summary, 'Archived Java Community');
      });

      it('restored: back in every list, joinable again, with the same members', async () => {
        const before = await detail();
        const restored = await call(api.url, 'POST', `/api/community/${java}/restore`, { token: admin });
        assert.equal(restored.status, 200, restored.text);
        assert.equal((restored.json as CommunityDetail).archivedAt, null);
        assert.equal((await call(api.url, 'POST', `/api/community/${java}/restore`, { token: admin })).status, 409);
        assert.ok(await listed());
        assert.ok(await inEventList());
        assert.equal((await detail()).memberCount, before.memberCount);
        const attend = await call(api.url, 'PUT', `/api/events/${eventId}/attendance`, { token: staff, body: {} });
        assert.equal(attend.status, 200, attend.text);
        const log = await call(api.url, 'GET', `/api/admin/audit-log?action=community.restore&targetId=${java}`, {
          token: admin,
        });
        assert.equal((log.json as AuditLogPage).items[0]?.summary, 'Restored Java Community');
      });
    },
  );
}
