/**
 * Issue 28, members-only communities: the invitation link and the requests to join. Only the
 * community's core members and admins make, read or stop its link (a non-member gets the 404 of a
 * missing community, a member 403); the secret is stored as its hash only; an unknown, replaced or
 * stopped link, and the link of a community no longer members-only, answer one identical 404, and
 * without the link the community stays a 404. Asking queues one notice per core member who wants it;
 * approving makes a member (who then sees the community and its members-only event) and declining
 * leaves them out until the wait is over, each with a mail read back from the mail catcher and an
 * audit row. A link that joins at once, the per-person rate limit (429), the export and the account
 * deletion. On PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type {
  Invitation,
  InvitationAnswer,
  InvitationView,
  PendingJoinRequestList,
} from '@hub/contract/community-invitations';
import type { MyDataExport } from '@hub/contract/my-data';
import { createEvent } from './helpers/event-body.ts';
import {
  auditEntries,
  call,
  newPerson,
  postgresAdminUrl,
  signInDemo,
  startTestApi,
  type TestApi,
} from './helpers/test-env.ts';

const RATE_MAX = 40;

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `members-only communities: invitation link and requests (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin = '';
      let lead = '';
      let core = '';
      /** Made a plain member of the community below. */
      let staff = '';
      /** The Cloud Native Guild: lead@hub.test leads it, core@hub.test is a core member (the seed's). */
      let guild = 0;
      let eventId = 0;

      const makeLink = async (mode: 'request' | 'join', token = lead) => {
        const made = await call(api.url, 'POST', `/api/community/${guild}/invitation`, { token, body: { mode } });
        assert.equal(made.status, 200, made.text);
        return (made.json as Invitation).token;
      };
      const auditRows = (action: string) => auditEntries(api, admin, `action=${action}&targetId=${guild}`);

      before(async () => {
        api = await startTestApi({ kind, config: { invitationRateLimit: { max: RATE_MAX, windowMs: 3_600_000 } } });
        ({ admin, lead, core, staff } = await signInDemo('admin', 'lead', 'core', 'staff'));
        guild = api.seed!.communities['Cloud Native Guild']!;
        await api.database.db.updateTable('community').set({ visibility: 'members' }).where('id', '=', guild).execute();
        await api.database.db
          .insertInto('communityMembership')
          .values({ communityId: guild, userId: api.seed!.users.staff })
          .onConflict((oc) => oc.doNothing())
          .execute();
        ({ id: eventId } = await createEvent(api, lead, {
          communityId: guild,
          title: 'Members Only Evening',
          startsAt: '2031-07-04T16:00:00.000Z',
          endsAt: '2031-07-04T18:00:00.000Z',
          locations: [{ cityName: 'Online', address: null, online: 'Yes' }],
        }));
      });
      after(async () => api?.close());

      it('only its core members and admins make, read or stop the link; the secret is kept as its hash', async () => {
        const outsider = await newPerson(api, 'outsider');
        const missing = await call(api.url, 'GET', '/api/community/999999/invitation', { token: outsider.token });
        assert.equal(missing.status, 404);
        assert.equal(
          (await call(api.url, 'POST', `/api/community/${guild}/invitation`, { body: { mode: 'request' } })).status,
          401,
        );
        for (const [method, body] of [
          ['GET', undefined],
          ['POST', { mode: 'request' }],
          ['DELETE', undefined],
        ] as const) {
          const hidden = await call(api.url, method, `/api/community/${guild}/invitation`, {
            token: outsider.token,
            body,
          });
          assert.equal(hidden.status, 404, `${method}: a non-member is answered as for a missing community`);
          assert.equal(hidden.text, missing.text);
          // staff@hub.test is a plain member: they see the community, but do not manage it.
          assert.equal(
            (await call(api.url, method, `/api/community/${guild}/invitation`, { token: staff, body })).status,
            403,
          );
        }
        const java = api.seed!.communities['Java Community']!;
        const publicOne = await call(api.url, 'POST', `/api/community/${java}/invitation`, {
          token: admin,
          body: { mode: 'request' },
        });
        assert.equal(publicOne.status, 409, 'a public community has no link: anyone joins it from its page');

        const token = await makeLink('request');
        assert.match(token, /^[A-Za-z0-9_-]{43}$/);
        const status = await call(api.url, 'GET', `/api/community/${guild}/invitation`, { token: core });
        assert.equal(status.status, 200, status.text);
        assert.equal(status.json.active, true);
        assert.equal(status.json.mode, 'request');
        const stored = await api.database.db
          .selectFrom('communityInvitation')
          .selectAll()
          .where('communityId', '=', guild)
          .executeTakeFirstOrThrow();
        assert.equal(stored.tokenHash, createHash('sha256').update(token).digest('hex'));
        assert.ok(!JSON.stringify(stored).includes(token), 'the secret itself is not stored');
        assert.equal((await auditRows('community.invitation.renew')).length, 1);
      });

      it('without a working link the community is a 404; a bad, replaced or stopped link is one same 404', async () => {
        const outsider = await newPerson(api, 'nolink');
        const missing = await call(api.url, 'GET', '/api/community/999999', { token: outsider.token });
        const hidden = await call(api.url, 'GET', `/api/community/${guild}`, { token: outsider.token });
        assert.equal(hidden.status, 404);
        assert.equal(hidden.text, missing.text);

        const old = await makeLink('request');
        const current = await makeLink('request');
        assert.equal((await call(api.url, 'GET', `/api/community-invitations/${old}`)).status, 401);
        const answers = [];
        for (const bad of ['nonsense', 'A'.repeat(43), old]) {
          answers.push(await call(api.url, 'GET', `/api/community-invitations/${bad}`, { token: outsider.token }));
          answers.push(await call(api.url, 'POST', `/api/community-invitations/${bad}`, { token: outsider.token }));
        }
        for (const answer of answers) {
          assert.equal(answer.status, 404);
          assert.equal(answer.text, answers[0]!.text);
        }
        const works = await call(api.url, 'GET', `/api/community-invitations/${current}`, { token: outsider.token });
        assert.equal(works.status, 200, works.text);
        // No longer members-only: the link is the same 404 (a staff-only community shows no face to externals).
        await api.database.db.updateTable('community').set({ visibility: 'staff' }).where('id', '=', guild).execute();
        const notMembers = await call(api.url, 'GET', `/api/community-invitations/${current}`, {
          token: outsider.token,
        });
        assert.equal(notMembers.text, answers[0]!.text);
        await api.database.db.updateTable('community').set({ visibility: 'members' }).where('id', '=', guild).execute();
        // Stopped.
        const stopped = await call(api.url, 'DELETE', `/api/community/${guild}/invitation`, { token: lead });
        assert.equal(stopped.status, 200, stopped.text);
        assert.equal(stopped.json.active, false);
        const gone = await call(api.url, 'GET', `/api/community-invitations/${current}`, { token: outsider.token });
        assert.equal(gone.text, answers[0]!.text);
        assert.equal((await auditRows('community.invitation.revoke')).length, 1);
      });

      it('asked, then approved: the core members hear of it, the person gets a mail and sees the community and its event', async () => {
        const link = await makeLink('request');
        const asker = await newPerson(api, 'asker');
        // core@hub.test does not want these notices; lead@hub.test does (the default).
        const off = await call(api.url, 'PUT', '/api/user/mail-preferences', {
          token: core,
          body: { kinds: { 'join-requests': false } },
        });
        assert.equal(off.status, 200, off.text);

        assert.equal((await call(api.url, 'GET', `/api/events/${eventId}`, { token: asker.token })).status, 404);
        const view = await call(api.url, 'GET', `/api/community-invitations/${link}`, { token: asker.token });
        assert.equal(view.status, 200, view.text);
        const face = view.json as InvitationView;
        assert.equal(face.community.name, 'Cloud Native Guild');
        assert.equal(face.community.visibility, 'members');
        assert.equal(face.mode, 'request');
        assert.equal(face.member, false);
        assert.equal(face.request, null);

        for (let i = 0; i < 2; i++) {
          const asked = await call(api.url, 'POST', `/api/community-invitations/${link}`, { token: asker.token });
          assert.equal(asked.status, 200, asked.text);
          assert.deepEqual(asked.json as InvitationAnswer, { communityId: guild, outcome: 'requested' });
        }
        const [notice] = await api.inbox.waitFor({ to: 'lead@hub.test', subject: /asks to join Cloud Native Guild$/ });
        assert.match(notice!.text, new RegExp(`/community/${guild}`));
        assert.ok(
          notice!.parsed.headerLines.some((h) => h.key === 'list-unsubscribe'),
          'a notice has a stop link',
        );
        assert.equal((await api.inbox.mails({ to: 'core@hub.test', subject: /asks to join/ })).length, 0);
        assert.equal(
          (await api.inbox.mails({ to: 'lead@hub.test', subject: /asks to join/ })).length,
          1,
          'asked twice, one notice',
        );
        assert.equal((await auditRows('community.joinRequest.ask')).length, 1);

        // Only its core members and admins see the requests or answer them.
        const outsider = await newPerson(api, 'bystander');
        assert.equal(
          (await call(api.url, 'GET', `/api/community/${guild}/join-requests`, { token: outsider.token })).status,
          404,
        );
        assert.equal(
          (await call(api.url, 'GET', `/api/community/${guild}/join-requests`, { token: staff })).status,
          403,
        );
        const listed = await call(api.url, 'GET', `/api/community/${guild}/join-requests`, { token: core });
        assert.equal(listed.status, 200, listed.text);
        const pending = (listed.json as PendingJoinRequestList).find((r) => r.user.id === asker.id);
        assert.ok(pending, 'the request is listed');
        assert.equal(pending.user.email, asker.email);
        const approvePath = `/api/community/${guild}/join-requests/${pending.id}/approve`;
        assert.equal((await call(api.url, 'POST', approvePath, { token: staff })).status, 403);
        assert.equal((await call(api.url, 'POST', approvePath, { token: asker.token })).status, 404);

        const approved = await call(api.url, 'POST', approvePath, { token: lead });
        assert.equal(approved.status, 200, approved.text);
        assert.deepEqual(approved.json, { id: pending.id, status: 'approved' });
        assert.equal((await call(api.url, 'POST', approvePath, { token: lead })).status, 409, 'answered already');
        const [welcome] = await api.inbox.waitFor({
          to: asker.email,
          subject: 'You are now a member of Cloud Native Guild',
        });
        assert.match(welcome!.text, new RegExp(`/community/${guild}`));

        assert.equal((await call(api.url, 'GET', `/api/community/${guild}`, { token: asker.token })).status, 200);
        assert.equal((await call(api.url, 'GET', `/api/events/${eventId}`, { token: asker.token })).status, 200);
        const after = (await call(api.url, 'GET', `/api/community-invitations/${link}`, { token: asker.token }))
          .json as InvitationView;
        assert.equal(after.member, true);
        assert.equal(after.request?.status, 'approved');
        const [row] = await auditRows('community.joinRequest.approve');
        assert.equal(row?.actor?.email, 'lead@hub.test');
        assert.equal(row?.details['userId'], asker.id);
        const left = (await call(api.url, 'GET', `/api/community/${guild}/join-requests`, { token: lead }))
          .json as PendingJoinRequestList;
        assert.ok(!left.some((r) => r.user.id === asker.id), 'answered: no longer pending');
      });

      it('declined: a mail, no membership, and no asking again until the wait is over', async () => {
        const link = await makeLink('request');
        const asker = await newPerson(api, 'declined');
        assert.equal(
          (await call(api.url, 'POST', `/api/community-invitations/${link}`, { token: asker.token })).status,
          200,
        );
        const pending = (
          (await call(api.url, 'GET', `/api/community/${guild}/join-requests`, { token: admin }))
            .json as PendingJoinRequestList
        ).find((r) => r.user.id === asker.id)!;
        const declined = await call(api.url, 'POST', `/api/community/${guild}/join-requests/${pending.id}/decline`, {
          token: admin,
        });
        assert.equal(declined.status, 200, declined.text);
        const [answer] = await api.inbox.waitFor({
          to: asker.email,
          subject: /^Your request to join Cloud Native Guild was declined$/,
        });
        assert.match(answer!.text, /ask again/);
        assert.equal((await call(api.url, 'GET', `/api/community/${guild}`, { token: asker.token })).status, 404);
        assert.equal((await auditRows('community.joinRequest.decline')).length, 1);

        const again = await call(api.url, 'POST', `/api/community-invitations/${link}`, { token: asker.token });
        assert.equal(again.status, 409, again.text);
        const view = (await call(api.url, 'GET', `/api/community-invitations/${link}`, { token: asker.token }))
          .json as InvitationView;
        assert.equal(view.request?.status, 'declined');
        assert.ok(view.request?.canAskAgainAt, 'the page can say from when');

        // Eight days later.
        await api.database.db
          .updateTable('communityJoinRequest')
          .set({ decidedAt: new Date(Date.now() - 8 * 86_400_000) })
          .where('id', '=', pending.id)
          .execute();
        const later = await call(api.url, 'POST', `/api/community-invitations/${link}`, { token: asker.token });
        assert.equal(later.status, 200, later.text);
        assert.equal(later.json.outcome, 'requested');
        await api.inbox.waitFor({ to: 'lead@hub.test', subject: /asks to join Cloud Native Guild$/, count: 2 });

        // Their export holds the request; deleting the account removes it.
        const exported = (await call(api.url, 'GET', '/api/user/export', { token: asker.token })).json as MyDataExport;
        assert.deepEqual(
          exported.joinRequests.map((r) => [r.communityId, r.status]),
          [[guild, 'pending']],
        );
        assert.equal((await call(api.url, 'DELETE', '/api/user', { token: asker.token })).status, 204);
        const rows = await api.database.db
          .selectFrom('communityJoinRequest')
          .select('id')
          .where('userId', '=', asker.id)
          .execute();
        assert.deepEqual(rows, []);
      });

      it('a link that joins at once makes a member at once (audited); the link is rate-limited per person', async () => {
        const link = await makeLink('join');
        const joiner = await newPerson(api, 'joiner');
        const joined = await call(api.url, 'POST', `/api/community-invitations/${link}`, { token: joiner.token });
        assert.equal(joined.status, 200, joined.text);
        assert.deepEqual(joined.json, { communityId: guild, outcome: 'member' });
        assert.equal((await call(api.url, 'GET', `/api/community/${guild}`, { token: joiner.token })).status, 200);
        const [row] = await auditRows('community.invitation.join');
        assert.equal(row?.actorId, joiner.id);

        const eager = await newPerson(api, 'eager');
        let refused = null;
        for (let i = 0; i <= RATE_MAX && !refused; i++) {
          const answer = await call(api.url, 'GET', `/api/community-invitations/${link}`, { token: eager.token });
          if (answer.status === 429) refused = answer;
          else assert.equal(answer.status, 200, answer.text);
        }
        assert.ok(refused, `refused after ${RATE_MAX} reads`);
        assert.ok(Number(refused.headers.get('retry-after')) > 0);
      });
    },
  );
}
