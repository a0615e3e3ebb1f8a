/**
 * Issue 12's API: the manage overview, the attendee list with registration and check-in times,
 * check-in (idempotent, exact under concurrency), the audit log (a row for every privileged action,
 * in the action's transaction; filters and keyset paging), the trends over seeded data, the richer
 * health answer, and the rule that an admin keeps their own admin role. On PGlite, and on
 * PostgreSQL when its binaries are installed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AdminTrends } from '@hub/contract/admin';
import { AUDIT_ACTIONS, type AuditEntry, type AuditLogPage } from '@hub/contract/audit';
import type { CheckInAnswer, ManagedAttendeeList, ManagedCommunityPage } from '@hub/contract/manage';
import { sql } from 'kysely';
import {
  appointCoreMember,
  auditEntries,
  call,
  newPerson,
  postgresAdminUrl,
  signInDemo,
  startTestApi,
  tokenFor,
  type TestApi,
} from './helpers/test-env.ts';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `manage and audit (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin = '';
      let lead = '';
      let core = '';
      let staff = '';
      let coreOther = '';
      let c1 = 0;
      let c2 = 0;
      let pastEvent = 0;

      before(async () => {
        api = await startTestApi({ kind });
        ({ admin, lead, core, staff } = await signInDemo('admin', 'lead', 'core', 'staff'));
        c1 = api.seed!.communities['Cloud Native Guild']!;
        c2 = api.seed!.communities['Java Community']!;
        pastEvent = api.seed!.events['Serverless Patterns Meetup']!;
        const other = await newPerson(api, 'manage-other', { displayName: 'Other, Olga' });
        await appointCoreMember(api, admin, c2, other.email);
        coreOther = other.token;
      });
      after(async () => api?.close());

      const auditOf = (query: string) => auditEntries(api, admin, query);

      it('lists the caller’s communities with their events and attendance; every community for an admin', async () => {
        const mine = (await call(api.url, 'GET', '/api/manage/communities', { token: lead }))
          .json as ManagedCommunityPage;
        assert.equal(mine.total, 1);
        const guild = mine.items[0]!;
        assert.deepEqual([guild.id, guild.lead, guild.coreMember, guild.canManageCoreMembers], [c1, true, true, true]);
        assert.ok(guild.upcomingEvents.some((e) => e.title === 'Platform Engineering Day'));
        assert.ok(
          guild.upcomingEvents.every((e, i, a) => i === 0 || a[i - 1]!.startsAt <= e.startsAt),
          'soonest first',
        );
        assert.ok(
          guild.pastEvents.every((e, i, a) => i === 0 || a[i - 1]!.startsAt >= e.startsAt),
          'latest first',
        );
        const k8s = guild.pastEvents.find((e) => e.title === 'Kubernetes Operators Deep Dive')!;
        const counted = await sql<{ attending: number; checked: number }>`
        select count(*)::int as attending, count(checked_in_at)::int as checked
        from event_attendee where event_id = ${k8s.id} and status = 'attending'`.execute(api.database.db);
        assert.deepEqual([k8s.attending, k8s.checkedIn], [counted.rows[0]!.attending, counted.rows[0]!.checked]);
        assert.ok(k8s.checkedIn > 0 && k8s.checkedIn < k8s.attending, 'the seed leaves some to check in');
        const { events } = await api.database.db
          .selectFrom('event')
          .select(sql<number>`count(*)::int`.as('events'))
          .where('communityId', '=', c1)
          .executeTakeFirstOrThrow();
        assert.equal(guild.upcomingEventCount + guild.pastEventCount, events);

        const asCoreAnswer = await call(api.url, 'GET', '/api/manage/communities', { token: core });
        assert.equal(asCoreAnswer.status, 200, asCoreAnswer.text);
        const asCore = asCoreAnswer.json;
        assert.deepEqual([asCore.items[0].lead, asCore.items[0].canManageCoreMembers], [false, false]);

        const all = (
          await call(api.url, 'GET', '/api/manage/communities?pageSize=50&upcomingLimit=0', { token: admin })
        ).json as ManagedCommunityPage;
        const { n } = await api.database.db
          .selectFrom('community')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(all.total, n);
        assert.ok(all.items.every((c) => c.upcomingEvents.length === 0 && c.canManageCoreMembers));
        const names = all.items.map((c) => c.name);
        assert.deepEqual(
          names,
          [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        );
        const paged = (await call(api.url, 'GET', '/api/manage/communities?pageSize=2&page=2', { token: admin })).json;
        assert.deepEqual(
          paged.items.map((c: { name: string }) => c.name),
          names.slice(2, 4),
        );
        const beyond = (await call(api.url, 'GET', '/api/manage/communities?page=999', { token: admin })).json;
        assert.deepEqual([beyond.items.length, beyond.total], [0, n]);
        const searched = (await call(api.url, 'GET', '/api/manage/communities?q=java', { token: admin })).json;
        assert.deepEqual(
          searched.items.map((c: { id: number }) => c.id),
          [c2],
        );
        assert.equal((await call(api.url, 'GET', '/api/manage/communities', { token: staff })).status, 403);
        assert.equal((await call(api.url, 'GET', '/api/manage/communities?pageSize=51', { token: admin })).status, 400);

        const past = (
          await call(api.url, 'GET', `/api/manage/communities/${c1}/events?when=past&pageSize=1`, { token: lead })
        ).json;
        assert.deepEqual([past.total, past.items.length, past.items[0].title], [2, 1, 'Serverless Patterns Meetup']);
        assert.equal(
          (await call(api.url, 'GET', `/api/manage/communities/999999/events`, { token: admin })).status,
          404,
        );
        assert.equal(
          (await call(api.url, 'GET', `/api/manage/communities/${c1}/events`, { token: coreOther })).status,
          403,
        );
      });

      it('lists an event’s attendees with e-mail, location, registration and check-in time; refuses others', async () => {
        const answer = await call(api.url, 'GET', `/api/manage/events/${pastEvent}/attendees`, { token: core });
        assert.equal(answer.status, 200, answer.text);
        const list = answer.json as ManagedAttendeeList;
        assert.equal(list.event.communityId, c1);
        assert.equal(list.items.length, list.event.attending + list.event.waiting);
        for (const a of list.items) {
          assert.match(a.email, /@/);
          assert.ok(Date.parse(a.registeredAt) < Date.parse(list.event.startsAt), 'registered before the day');
          assert.equal(a.online, true, 'the meetup is online only');
        }
        assert.equal(list.items.filter((a) => a.checkedInAt).length, list.event.checkedIn);
        const refused = await call(api.url, 'GET', `/api/manage/events/${pastEvent}/attendees`, { token: coreOther });
        assert.equal(refused.status, 403);
        assert.doesNotMatch(refused.text, /@/);
        assert.equal((await call(api.url, 'GET', `/api/manage/events/${pastEvent}/attendees`)).status, 401);
        assert.equal((await call(api.url, 'GET', `/api/manage/events/999999/attendees`, { token: admin })).status, 404);
      });

      it('checks in idempotently, answers the live count, and refuses the waiting list and cancelled events', async () => {
        const list = (await call(api.url, 'GET', `/api/manage/events/${pastEvent}/attendees`, { token: lead }))
          .json as ManagedAttendeeList;
        const target = list.items.find((a) => a.status === 'attending' && a.checkedInAt === null)!;
        const path = `/api/events/${pastEvent}/attendees/${target.userId}/check-in`;
        const first = (await call(api.url, 'PUT', path, { token: lead })).json as CheckInAnswer;
        assert.equal(first.checkedIn, list.event.checkedIn + 1);
        assert.equal(first.attending, list.event.attending);
        assert.ok(first.checkedInAt);
        const again = (await call(api.url, 'PUT', path, { token: admin })).json as CheckInAnswer;
        assert.deepEqual(again, first, 'checking in twice keeps the first time and the count');
        const undone = (await call(api.url, 'DELETE', path, { token: lead })).json as CheckInAnswer;
        assert.deepEqual([undone.checkedInAt, undone.checkedIn], [null, list.event.checkedIn]);
        assert.deepEqual((await call(api.url, 'DELETE', path, { token: lead })).json, undone);
        const rows = await auditOf(`targetType=event&targetId=${pastEvent}&actorId=${api.seed!.users.lead}`);
        const mine = rows.filter((r) => (r.details as { userId?: number }).userId === target.userId);
        assert.deepEqual(
          mine.slice(0, 2).map((r) => r.action),
          ['attendee.checkInUndo', 'attendee.checkIn'],
          'one row per real change (the admin’s repeat changed nothing)',
        );
        assert.equal(
          (await auditOf(`actorId=${api.seed!.users.admin}&action=attendee.checkIn&targetId=${pastEvent}`)).filter(
            (r) => Date.now() - Date.parse(r.at) < 60_000,
          ).length,
          0,
        );

        const nobody = await call(
          api.url,
          'PUT',
          `/api/events/${pastEvent}/attendees/${api.seed!.users.staff}/check-in`,
          {
            token: lead,
          },
        );
        assert.deepEqual([nobody.status, nobody.json.message], [404, 'This person is not registered for this event']);
        await api.database.db
          .insertInto('eventAttendee')
          .values({ eventId: pastEvent, userId: api.seed!.users.staff, eventLocationId: null, status: 'waiting' })
          .execute();
        const waiting = await call(
          api.url,
          'PUT',
          `/api/events/${pastEvent}/attendees/${api.seed!.users.staff}/check-in`,
          {
            token: lead,
          },
        );
        assert.equal(waiting.status, 409);
        assert.match(waiting.json.message, /waiting list/);
        assert.equal((await call(api.url, 'PUT', path, { token: coreOther })).status, 403);
        assert.equal(
          (await call(api.url, 'PUT', `/api/events/999999/attendees/1/check-in`, { token: admin })).status,
          404,
        );
        assert.equal(
          (await call(api.url, 'PUT', `/api/events/${pastEvent}/attendees/0/check-in`, { token: admin })).status,
          400,
        );

        // A fresh event, attended, then cancelled: no check-in any more, but an undo still works.
        const created = await call(api.url, 'POST', '/api/events', {
          token: lead,
          body: {
            communityId: c1,
            title: 'Check-in trial',
            description: '',
            imageUrl: '',
            timeZone: 'Europe/Amsterdam',
            startsAt: future(1),
            endsAt: future(1.1),
            capacity: null,
            locations: [{ cityName: '', address: null, online: 'Yes' }],
          },
        });
        assert.equal(created.status, 201, created.text);
        const id = created.json.id as number;
        assert.equal(
          (await call(api.url, 'PUT', `/api/events/${id}/attendance`, { token: staff, body: {} })).status,
          200,
        );
        const staffPath = `/api/events/${id}/attendees/${api.seed!.users.staff}/check-in`;
        assert.equal((await call(api.url, 'PUT', staffPath, { token: core })).json.checkedIn, 1);
        assert.equal((await call(api.url, 'POST', `/api/events/${id}/cancel`, { token: lead })).status, 200);
        assert.equal((await call(api.url, 'DELETE', staffPath, { token: core })).json.checkedIn, 0);
        const refused = await call(api.url, 'PUT', staffPath, { token: core });
        assert.deepEqual(
          [refused.status, refused.json.message],
          [409, 'This event has been cancelled: nobody can be checked in'],
        );
      });

      it('keeps the count exact when many check-ins of one event race', async () => {
        const event = api.seed!.events['Kubernetes Operators Deep Dive']!;
        const list = (await call(api.url, 'GET', `/api/manage/events/${event}/attendees`, { token: admin }))
          .json as ManagedAttendeeList;
        const attending = list.items.filter((a) => a.status === 'attending');
        const answers = await Promise.all(
          attending.flatMap((a) =>
            [lead, core, admin].map((token) =>
              call(api.url, 'PUT', `/api/events/${event}/attendees/${a.userId}/check-in`, { token }),
            ),
          ),
        );
        assert.ok(
          answers.every((a) => a.status === 200),
          answers.map((a) => a.status).join(),
        );
        const after = (await call(api.url, 'GET', `/api/manage/events/${event}/attendees`, { token: admin }))
          .json as ManagedAttendeeList;
        assert.equal(after.event.checkedIn, attending.length);
        assert.ok(after.items.filter((a) => a.status === 'attending').every((a) => a.checkedInAt));
        assert.equal(Math.max(...answers.map((a) => (a.json as CheckInAnswer).checkedIn)), attending.length);
        // One audit row per attendee that was not checked in yet, whoever won the race.
        const fresh = (await auditOf(`action=attendee.checkIn&targetId=${event}`)).filter(
          (r) => Date.now() - Date.parse(r.at) < 60_000,
        );
        assert.equal(fresh.length, attending.length - list.event.checkedIn);
      });

      it('records every privileged action with who, what, when and the target', async () => {
        const started = new Date().toISOString();
        const ids = api.seed!.users;
        // Roles
        assert.equal(
          (await call(api.url, 'PUT', `/api/admin/users/${ids.newstaff}/roles`, { token: admin, body: { roles: [3] } }))
            .status,
          200,
        );
        // Community create, edit, delete
        const created = await call(api.url, 'POST', '/api/community', {
          token: admin,
          body: { name: 'Audit Guild', description: '', imageUrl: '', countryId: 1, communityBaseId: 1 },
        });
        const cid = created.json.id as number;
        const edited = await call(api.url, 'PUT', `/api/community/${cid}`, {
          token: admin,
          body: { name: 'Audit Guild Renamed', description: 'now', imageUrl: '', countryId: 1, communityBaseId: 1 },
        });
        assert.equal(edited.status, 200);
        // Core members: appoint, lead, remove
        await appointCoreMember(api, admin, cid, 'staff@hub.test');
        assert.equal(
          (
            await call(api.url, 'PUT', `/api/community/${cid}/core-members/${ids.staff}`, {
              token: admin,
              body: { responsibleForCommunity: true },
            })
          ).status,
          200,
        );
        assert.equal(
          (await call(api.url, 'DELETE', `/api/community/${cid}/core-members/${ids.staff}`, { token: admin })).status,
          204,
        );
        // Events: create, edit, cancel
        const body = {
          communityId: cid,
          title: 'Audited event',
          description: '',
          imageUrl: '',
          timeZone: 'Europe/Amsterdam',
          startsAt: future(3),
          endsAt: future(3.1),
          capacity: 10,
          locations: [{ cityName: '', address: null, online: 'Yes' }],
        };
        const ev = await call(api.url, 'POST', '/api/events', { token: admin, body });
        assert.equal(ev.status, 201, ev.text);
        const eid = ev.json.id as number;
        const locationId = ev.json.locations[0].eventLocationId;
        assert.equal(
          (
            await call(api.url, 'PUT', `/api/events/${eid}`, {
              token: admin,
              body: {
                ...body,
                title: 'Audited event, moved',
                capacity: 20,
                locations: [{ ...body.locations[0], eventLocationId: locationId }],
              },
            })
          ).status,
          200,
        );
        // An attendee list exported as CSV (issue 28): who, which event, how many people it named.
        assert.equal(
          (await call(api.url, 'POST', `/api/manage/events/${eid}/attendees/exports`, { token: admin })).status,
          204,
        );
        assert.equal((await call(api.url, 'POST', `/api/events/${eid}/cancel`, { token: admin })).status, 200);
        assert.equal((await call(api.url, 'DELETE', `/api/community/${cid}`, { token: admin })).status, 204);
        // A user's calendar feed revoked
        assert.equal((await call(api.url, 'POST', '/api/user/calendar-feed', { token: staff })).status, 200);
        assert.equal(
          (await call(api.url, 'DELETE', `/api/admin/users/${ids.staff}/calendar-feed`, { token: admin })).json.revoked,
          true,
        );

        const rows = await auditOf(`from=${encodeURIComponent(started)}&actorId=${ids.admin}`);
        const byAction = new Map(rows.map((r) => [r.action, r]));
        // Every privileged action but check-in and leaving (each proven in its own test), the organiser
        // messages (organiser-messages.it.ts), archive and restore (community-archive.it.ts) and a
        // person's export and account deletion (my-data.it.ts, account-deletion.it.ts) was taken above.
        const elsewhere = new Set([
          'user.data.export',
          'user.account.delete',
          'coreMember.leave',
          'event.message',
          'community.message',
          'community.archive',
          'community.restore',
          // Issue 28's invitation links and requests to join (community-invitations.it.ts).
          'community.invitation.renew',
          'community.invitation.revoke',
          'community.invitation.join',
          'community.joinRequest.ask',
          'community.joinRequest.approve',
          'community.joinRequest.decline',
        ]);
        for (const action of AUDIT_ACTIONS.filter((a) => !a.startsWith('attendee.') && !elsewhere.has(a)))
          assert.ok(byAction.has(action), `${action} recorded`);
        for (const r of rows) {
          assert.equal(r.actorId, ids.admin);
          assert.equal(r.actor?.email, 'admin@hub.test');
          assert.ok(Date.parse(r.at) >= Date.parse(started) - 1000);
        }
        assert.deepEqual(byAction.get('user.roles.change')!.details, { before: [2], after: [3] });
        assert.equal(byAction.get('user.roles.change')!.targetId, ids.newstaff);
        assert.match(byAction.get('user.roles.change')!.summary, /Capgemini → External/);
        assert.deepEqual(byAction.get('community.update')!.details.changed, ['name', 'description']);
        assert.equal(byAction.get('community.delete')!.summary, 'Deleted Audit Guild Renamed');
        assert.deepEqual(byAction.get('coreMember.lead')!.details, {
          userId: ids.staff,
          responsibleForCommunity: true,
        });
        const update = byAction.get('event.update')!;
        assert.deepEqual(Object.keys(update.details.changes as object).sort(), ['capacity', 'title']);
        assert.equal(update.summary, 'Edited event Audited event (title, capacity)');
        const exported = byAction.get('event.attendees.export')!;
        assert.equal(exported.targetId, eid);
        assert.deepEqual(exported.details, { title: 'Audited event, moved', attendees: 0 });
        assert.deepEqual(
          rows.map((r) => r.id),
          rows.map((r) => r.id).sort((a, b) => b - a),
          'newest first',
        );

        // A refused action records nothing: the admin's own admin role stays, with a message to show.
        const own = await call(api.url, 'PUT', `/api/admin/users/${ids.admin}/roles`, {
          token: admin,
          body: { roles: [2] },
        });
        assert.deepEqual([own.status, own.json.message], [409, 'You cannot remove your own admin role']);
        assert.equal((await auditOf(`targetType=user&targetId=${ids.admin}`)).length, 0);
        // Setting the same roles again changes nothing and records nothing.
        const before = (await auditOf(`action=user.roles.change`)).length;
        await call(api.url, 'PUT', `/api/admin/users/${ids.newstaff}/roles`, { token: admin, body: { roles: [3] } });
        assert.equal((await auditOf(`action=user.roles.change`)).length, before);
        await call(api.url, 'PUT', `/api/admin/users/${ids.newstaff}/roles`, { token: admin, body: { roles: [2] } });
      });

      it('records a core member or lead leaving the community (the seat goes with it); a plain member leaving records nothing', async () => {
        const ids = api.seed!.users;
        const created = await call(api.url, 'POST', '/api/community', {
          token: admin,
          body: { name: 'Leavers Guild', description: '', imageUrl: '', countryId: 1, communityBaseId: 1 },
        });
        const cid = created.json.id as number;
        await appointCoreMember(api, admin, cid, 'staff@hub.test', { lead: true });
        const external = await tokenFor('external@hub.test');
        assert.equal((await call(api.url, 'PUT', `/api/communitymembership/${cid}`, { token: external })).status, 200);
        assert.equal(
          (await call(api.url, 'DELETE', `/api/communitymembership/${cid}`, { token: external })).status,
          200,
        );
        assert.deepEqual(await auditOf(`action=coreMember.leave&targetId=${cid}`), [], 'a plain member: no row');

        assert.equal((await call(api.url, 'DELETE', `/api/communitymembership/${cid}`, { token: staff })).status, 200);
        const rows = await auditOf(`action=coreMember.leave&targetType=community&targetId=${cid}`);
        assert.equal(rows.length, 1);
        assert.equal(rows[0]!.actorId, ids.staff, 'the person leaving is the actor');
        assert.deepEqual(rows[0]!.details, { userId: ids.staff, responsibleForCommunity: true });
        assert.match(rows[0]!.summary, /left Leavers Guild, giving up their lead and core-member seat$/);
        const seats = (await call(api.url, 'GET', `/api/community/${cid}/core-members`, { token: admin })).json;
        assert.deepEqual(seats, [], 'the seat is gone');
      });

      it('filters and pages the audit log newest first', async () => {
        const firstPage = (await call(api.url, 'GET', '/api/admin/audit-log?pageSize=7', { token: admin }))
          .json as AuditLogPage;
        assert.equal(firstPage.items.length, 7);
        assert.ok(firstPage.nextCursor);
        const second = (
          await call(api.url, 'GET', `/api/admin/audit-log?pageSize=7&before=${firstPage.nextCursor}`, { token: admin })
        ).json as AuditLogPage;
        assert.ok(second.items.every((r) => r.id < firstPage.items.at(-1)!.id));
        const all: AuditEntry[] = [];
        let cursor: number | null = null;
        do {
          const page = (
            await call(api.url, 'GET', `/api/admin/audit-log?pageSize=100${cursor ? `&before=${cursor}` : ''}`, {
              token: admin,
            })
          ).json as AuditLogPage;
          all.push(...page.items);
          cursor = page.nextCursor;
        } while (cursor);
        const { n } = await api.database.db
          .selectFrom('auditLog')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(all.length, n, 'paging reaches every row once');
        assert.equal(new Set(all.map((r) => r.id)).size, n);

        const creates = await auditOf('action=community.create&targetType=community');
        assert.ok(creates.length >= 18 && creates.every((r) => r.action === 'community.create'));
        const mid = all[Math.floor(all.length / 2)]!.at;
        const older = await auditOf(`to=${encodeURIComponent(mid)}`);
        assert.ok(older.length > 0 && older.every((r) => r.at < mid));
        const newer = await auditOf(`from=${encodeURIComponent(mid)}`);
        assert.ok(newer.every((r) => r.at >= mid));
        assert.equal(
          (
            await call(
              api.url,
              'GET',
              `/api/admin/audit-log?from=${encodeURIComponent(mid)}&to=${encodeURIComponent(mid)}`,
              { token: admin },
            )
          ).status,
          400,
        );
        for (const bad of ['action=drop', 'targetType=x', 'from=yesterday', 'pageSize=101', 'before=0', 'actorId=-1'])
          assert.equal((await call(api.url, 'GET', `/api/admin/audit-log?${bad}`, { token: admin })).status, 400, bad);
        assert.equal((await call(api.url, 'GET', '/api/admin/audit-log', { token: lead })).status, 403);
      });

      it('computes the trends from the data', async () => {
        const answer = await call(api.url, 'GET', '/api/admin/stats/trends?weeks=20&months=4&top=3', { token: admin });
        assert.equal(answer.status, 200, answer.text);
        const t = answer.json as AdminTrends;
        const db = api.database.db;

        // Sign-ups: an independent count per Monday-started UTC week from the rows themselves.
        const users = await db.selectFrom('appUser').select(['createdAt', 'uid']).execute();
        assert.equal(t.signUpsPerWeek.length, 20);
        const weekOf = (d: Date) => {
          const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
          day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
          return day.toISOString().slice(0, 10);
        };
        const expectedWeeks = new Map(t.signUpsPerWeek.map((w) => [w.start, 0]));
        for (const u of users)
          if (u.uid !== null && expectedWeeks.has(weekOf(u.createdAt)))
            expectedWeeks.set(weekOf(u.createdAt), expectedWeeks.get(weekOf(u.createdAt))! + 1);
        assert.deepEqual(
          t.signUpsPerWeek,
          [...expectedWeeks].map(([start, count]) => ({ start, count })),
        );
        assert.equal(t.signUpsPerWeek.at(-1)!.start, weekOf(new Date()));
        assert.ok(t.signUpsPerWeek.filter((w) => w.count > 0).length >= 5, 'the seed spreads sign-ups over weeks');
        assert.equal(t.usersByRole.total, users.filter((u) => u.uid !== null).length);

        // Attendances and check-ins per month of the event's start, cancelled events left out.
        const rows = await db
          .selectFrom('eventAttendee as a')
          .innerJoin('event as e', 'e.id', 'a.eventId')
          .select(['e.startsAt', 'e.endsAt', 'e.cancelled', 'a.status', 'a.checkedInAt'])
          .execute();
        assert.equal(t.attendancesPerMonth.length, 4 + 3);
        for (const m of t.attendancesPerMonth) {
          const inMonth = rows.filter(
            (r) =>
              !r.cancelled && r.status === 'attending' && r.startsAt.toISOString().slice(0, 7) === m.start.slice(0, 7),
          );
          assert.equal(m.attendances, inMonth.length, `attendances ${m.start}`);
          assert.equal(m.checkedIn, inMonth.filter((r) => r.checkedInAt).length, `check-ins ${m.start}`);
        }
        assert.ok(t.attendancesPerMonth.some((m) => m.checkedIn > 0));
        const pastAttending = rows.filter((r) => !r.cancelled && r.status === 'attending' && r.endsAt < new Date());
        assert.equal(t.checkInRate.attended, pastAttending.length);
        assert.equal(t.checkInRate.checkedIn, pastAttending.filter((r) => r.checkedInAt).length);
        assert.ok(
          t.checkInRate.rate !== null &&
            Math.abs(t.checkInRate.rate - t.checkInRate.checkedIn / t.checkInRate.attended) < 0.001,
        );

        assert.equal(t.mostActiveCommunities.length, 3);
        const a = t.mostActiveCommunities;
        assert.ok(a[0]!.attendances >= a[1]!.attendances && a[1]!.attendances >= a[2]!.attendances);
        const stats = (await call(api.url, 'GET', '/api/admin/stats', { token: admin })).json;
        assert.deepEqual(
          [t.communities, t.networks, t.memberships, t.events.upcoming, t.events.past, t.events.cancelled],
          [
            stats.communities,
            stats.networks,
            stats.memberships,
            stats.upcomingEvents,
            stats.pastEvents,
            stats.cancelledEvents,
          ],
        );
        for (const bad of ['weeks=0', 'weeks=105', 'months=37', 'top=0', 'top=x'])
          assert.equal(
            (await call(api.url, 'GET', `/api/admin/stats/trends?${bad}`, { token: admin })).status,
            400,
            bad,
          );
      });

      it('reports health with the database kind, version and uptime', async () => {
        const h = (await call(api.url, 'GET', '/api/health')).json;
        assert.equal(h.status, 'ok');
        assert.equal(h.database, kind);
        assert.match(h.version, /^\d+\.\d+\.\d+$/);
        assert.ok(h.uptimeSeconds >= 0 && h.databaseLatencyMs >= 0 && Date.parse(h.startedAt) <= Date.now());
      });
    },
  );
}
