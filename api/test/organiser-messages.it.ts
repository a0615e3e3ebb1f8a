/**
 * Issue 26, organiser messages: who may write to whom (403 otherwise), the audience counts the
 * sender sees, validation, the per-organiser rate limit (429), the audit entry, the lists on the
 * event and community pages, and that a message to the attendees of one place reaches only them,
 * each mail addressed to one person (read back from the mail catcher). On PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setNewsChoice } from '../src/mail/preferences/mail-preferences.ts';
import { queueWeeklyDigests, weekOf } from '../src/mail/weekly-digest.ts';
import type { EventAudienceCounts, OrganiserMessageList, SentOrganiserMessage } from '@hub/contract/organiser-messages';
import { createEvent } from './helpers/event-body.ts';
import {
  appointCoreMember,
  auditEntries,
  call,
  newPerson,
  postgresAdminUrl,
  signInDemo,
  startTestApi,
  type TestApi,
  type TestPerson,
} from './helpers/test-env.ts';
import type { CaughtMail } from './helpers/mail-inbox.ts';

const RATE_MAX = 4;

/** A header as the mail carried it (mailparser folds the List-* headers into one parsed object). */
const headerLine = (mail: CaughtMail, name: string) => mail.parsed.headerLines.find((h) => h.key === name)?.line ?? '';

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `organiser messages (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      let admin = '';
      let lead = '';
      let core = '';
      let staff = '';
      let guild = 0;
      let java = 0;
      let eventId = 0;
      let utrecht = 0;
      let amsterdam = 0;
      const people: Record<string, TestPerson> = {};

      before(async () => {
        api = await startTestApi({
          kind,
          config: { organiserMessageRateLimit: { max: RATE_MAX, windowMs: 3_600_000 } },
        });
        ({ admin, lead, core, staff } = await signInDemo('admin', 'lead', 'core', 'staff'));
        guild = api.seed!.communities['Cloud Native Guild']!;
        java = api.seed!.communities['Java Community']!;
        const created = await createEvent(api, lead, {
          communityId: guild,
          title: 'Messages Test Day',
          startsAt: '2031-05-04T08:00:00.000Z',
          endsAt: '2031-05-04T16:00:00.000Z',
          locations: [
            { cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' },
            { cityName: 'Amsterdam', address: 'Stationsplein 1', online: 'No' },
          ],
        });
        eventId = created.id;
        [utrecht, amsterdam] = created.locationIds as [number, number];
        for (const tag of ['utrecht-a', 'utrecht-b', 'amsterdam-a']) people[tag] = await newPerson(api, tag);
        for (const [tag, place] of [
          ['utrecht-a', utrecht],
          ['utrecht-b', utrecht],
          ['amsterdam-a', amsterdam],
        ] as const) {
          const attended = await call(api.url, 'PUT', `/api/events/${eventId}/attendance`, {
            token: people[tag]!.token,
            body: { eventLocationId: place },
          });
          assert.equal(attended.status, 200, attended.text);
        }
      });
      after(async () => api?.close());

      const write = (token: string | undefined, body: Record<string, unknown>, id = eventId) =>
        call(api.url, 'POST', `/api/events/${id}/messages`, { token, body });
      const announce = (token: string | undefined, body: Record<string, unknown>, id = guild) =>
        call(api.url, 'POST', `/api/community/${id}/messages`, { token, body });

      it('shows the sender how many each audience reaches, never who', async () => {
        const answer = await call(api.url, 'GET', `/api/events/${eventId}/messages/audiences`, { token: core });
        assert.equal(answer.status, 200, answer.text);
        const counts = answer.json as EventAudienceCounts;
        assert.equal(counts.all, 3);
        assert.equal(counts.checkedIn, 0);
        assert.deepEqual(
          counts.locations.map((l) => [l.name, l.attending]),
          [
            ['Utrecht', 2],
            ['Amsterdam', 1],
          ],
        );
        assert.ok(!answer.text.includes('@'), 'no address in the answer');
        const members = await call(api.url, 'GET', `/api/community/${guild}/messages/audience`, { token: lead });
        assert.equal(members.status, 200, members.text);
        assert.ok(members.json.members > 0);
      });

      it('lets core members and admins write to attendees, and refuses everyone else', async () => {
        const body = { subject: 'Hello', body: 'See you there', audience: 'event-all' };
        assert.equal((await write(undefined, body)).status, 401);
        assert.equal((await write(staff, body)).status, 403);
        const otherCore = await newPerson(api, 'java-core');
        await appointCoreMember(api, admin, java, otherCore.email);
        const refused = await write(otherCore.token, body);
        assert.equal(refused.status, 403, 'a core member of another community');
        assert.match(refused.json.message, /Core member access to this community required/);
        assert.equal(
          (await call(api.url, 'GET', `/api/events/${eventId}/messages/audiences`, { token: staff })).status,
          403,
        );
        assert.equal((await write(admin, { ...body, subject: 'From an admin' })).status, 201);
      });

      it('lets only the lead (and admins) announce to a community', async () => {
        const body = { subject: 'Community news', body: 'A new season of meetups' };
        assert.equal((await announce(core, body)).status, 403, 'a core member who is not the lead');
        assert.equal((await announce(staff, body)).status, 403);
        assert.equal((await announce(undefined, body)).status, 401);
        assert.equal(
          (await call(api.url, 'GET', `/api/community/${guild}/messages/audience`, { token: core })).status,
          403,
        );
        const sent = await announce(lead, body);
        assert.equal(sent.status, 201, sent.text);
        assert.equal((await announce(admin, { ...body, subject: 'Admin news' })).status, 201);
        const listed = (await call(api.url, 'GET', `/api/community/${guild}/messages`)).json as OrganiserMessageList;
        assert.deepEqual(
          listed.items.map((m) => [m.subject, m.audience]),
          [
            ['Admin news', 'community-members'],
            ['Community news', 'community-members'],
          ],
        );
        assert.equal(listed.items[1]!.authorName, 'Lena Lead');
      });

      it('refuses what is not a message: a place of another event, a blank body, too long a subject, nobody to reach', async () => {
        const base = { subject: 'Parking', body: 'Use the north entrance', audience: 'event-location' };
        const missing = await write(core, base);
        assert.equal(missing.status, 400);
        assert.deepEqual(missing.json.details, ["body/eventLocationId is required with audience 'event-location'"]);
        const foreign = await write(core, { ...base, eventLocationId: 1 });
        assert.equal(foreign.status, 400);
        assert.deepEqual(foreign.json.details, ['body/eventLocationId is not a location of this event']);
        const extra = await write(core, { ...base, audience: 'event-all', eventLocationId: utrecht });
        assert.equal(extra.status, 400);
        assert.equal((await write(core, { ...base, eventLocationId: utrecht, body: '   \n ' })).status, 400);
        assert.equal((await write(core, { ...base, eventLocationId: utrecht, subject: 'x'.repeat(151) })).status, 400);
        assert.equal((await write(core, { ...base, eventLocationId: utrecht, body: 'y'.repeat(5001) })).status, 400);
        assert.equal((await write(core, { ...base, audience: 'everyone' })).status, 400);
        const nobody = await write(core, { subject: 'Thanks', body: 'for coming', audience: 'event-checked-in' });
        assert.equal(nobody.status, 409);
        assert.match(nobody.json.message, /Nobody is in this audience/);
        assert.equal((await write(core, { ...base, eventLocationId: utrecht }, 2_000_000)).status, 404);
      });

      it('sends a message to the attendees of one place to them alone, lists it and audits it', async () => {
        const sent = await write(lead, {
          subject: 'Utrecht: parking',
          body: 'Park at P2.\nThe north entrance opens at 8:30.',
          audience: 'event-location',
          eventLocationId: utrecht,
        });
        assert.equal(sent.status, 201, sent.text);
        const answer = sent.json as SentOrganiserMessage;
        assert.equal(answer.recipientCount, 2);
        assert.equal(answer.message.locationName, 'Utrecht');
        assert.ok(!sent.text.includes('@'), 'the sender never sees an address');

        const listed = (await call(api.url, 'GET', `/api/events/${eventId}/messages`)).json as OrganiserMessageList;
        assert.equal(listed.items[0]!.subject, 'Utrecht: parking', 'newest first, readable without signing in');
        assert.equal(listed.items[0]!.authorName, 'Lena Lead');

        const audit = await auditEntries(api, admin, `action=event.message&targetId=${eventId}`);
        const entry = audit.find((e) => e.details['messageId'] === answer.message.id);
        assert.ok(entry, 'an audit entry for the message');
        assert.equal(entry.targetType, 'event');
        assert.equal(entry.details['recipientCount'], 2);
        assert.match(entry.summary, /Utrecht: parking.*the attendees at Utrecht.*\(2 people\)/);
        assert.ok(!JSON.stringify(entry).includes(people['utrecht-a']!.email), 'no recipient in the log');

        // One mail to each attendee at Utrecht, addressed to them alone, with the one-click stop.
        for (const tag of ['utrecht-a', 'utrecht-b']) {
          const [mail] = await api.inbox.waitFor({
            to: people[tag]!.email,
            subject: 'Messages Test Day: Utrecht: parking',
          });
          const to = mail!.parsed.to;
          const addresses = (Array.isArray(to) ? to : [to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);
          assert.deepEqual(addresses, [people[tag]!.email]);
          assert.equal(mail!.parsed.cc, undefined);
          assert.equal(mail!.parsed.bcc, undefined);
          assert.match(mail!.text, /Park at P2\./);
          assert.match(headerLine(mail!, 'list-unsubscribe'), /<http[^>]*\/api\/mail\/unsubscribe\?token=[^>]+>/);
          assert.match(headerLine(mail!, 'list-unsubscribe-post'), /List-Unsubscribe=One-Click/);
        }
        // The attendee at Amsterdam does not get it (the Utrecht mails above were queued in the same statement).
        assert.deepEqual(await api.inbox.mails({ to: people['amsterdam-a']!.email, subject: /Utrecht: parking/ }), []);
      });

      it('limits how many messages one organiser sends, with a clear 429', async () => {
        const sender = await newPerson(api, 'busy-core');
        await appointCoreMember(api, admin, guild, sender.email);
        const body = { subject: 'Reminder', body: 'Bring your laptop', audience: 'event-all' };
        // Refused requests do not count: only messages that would be sent take a slot.
        assert.equal((await write(sender.token, { ...body, body: ' ' })).status, 400);
        for (let i = 0; i < RATE_MAX; i++)
          assert.equal((await write(sender.token, body)).status, 201, `message ${i + 1}`);
        const limited = await write(sender.token, body);
        assert.equal(limited.status, 429);
        assert.match(
          limited.json.message,
          new RegExp(`You have sent ${RATE_MAX} messages recently.*next one in \\d+ minute`),
        );
        assert.ok(Number(limited.headers.get('retry-after')) > 0);
        // Another organiser is not held up by it.
        assert.equal((await write(core, { ...body, subject: 'From Carl' })).status, 201);
      });

      it("tells a new event's 'now' members at once, lists it in the 'digest' members' weekly digest, and leaves 'none' members alone", async () => {
        const members: Record<'now' | 'digest' | 'none', TestPerson> = {
          now: await newPerson(api, 'news-now'),
          digest: await newPerson(api, 'news-digest'),
          none: await newPerson(api, 'news-none'),
        };
        for (const [choice, member] of Object.entries(members)) {
          const joined = await call(api.url, 'PUT', `/api/communitymembership/${guild}`, { token: member.token });
          assert.ok(joined.status < 300, joined.text);
          if (choice !== 'digest') await setNewsChoice(api.database.db, member.id, guild, choice as 'now' | 'none');
        }
        const title = `News Test Evening ${kind}`;
        const soon = new Date(Date.now() + 6 * 86_400_000);
        await createEvent(api, lead, {
          communityId: guild,
          title,
          startsAt: soon.toISOString(),
          endsAt: new Date(soon.getTime() + 7_200_000).toISOString(),
          locations: [{ cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' }],
        });

        const [news] = await api.inbox.waitFor({
          to: members.now.email,
          subject: `New in Cloud Native Guild: ${title}`,
        });
        assert.match(news!.text, /joined Cloud Native Guild and chose to hear of its new events at once/);
        assert.match(headerLine(news!, 'list-unsubscribe'), /unsubscribe\?token=/);
        assert.deepEqual(
          await api.inbox.mails({ to: members.digest.email }),
          [],
          'a digest member waits for the digest',
        );
        assert.deepEqual(await api.inbox.mails({ to: members.none.email }), []);

        // The week's digests: due from Monday 07:00 UTC; asked twice at once, each person's is queued once.
        const monday = new Date(`${weekOf(new Date())}T08:00:00.000Z`);
        const [first, second] = await Promise.all([
          queueWeeklyDigests(api.database.db, monday),
          queueWeeklyDigests(api.database.db, monday),
        ]);
        assert.ok(first + second > 0);
        assert.equal(await queueWeeklyDigests(api.database.db, new Date(monday.getTime() + 3_600_000)), 0);
        assert.equal(
          await queueWeeklyDigests(api.database.db, new Date(monday.getTime() - 2 * 3_600_000)),
          0,
          'not before 07:00',
        );
        const [digest] = await api.inbox.waitFor({ to: members.digest.email, subject: /^Your communities this week/ });
        assert.match(digest!.text, new RegExp(title));
        assert.match(headerLine(digest!, 'list-unsubscribe'), /unsubscribe\?token=/);
        // Still one digest a moment later, none for the 'now' and 'none' members (no 'digest' community).
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        assert.equal(
          (await api.inbox.mails({ to: members.digest.email, subject: /^Your communities this week/ })).length,
          1,
        );
        assert.deepEqual(await api.inbox.mails({ to: members.none.email }), []);
        assert.equal((await api.inbox.mails({ to: members.now.email })).length, 1, 'only the news mail');
        // The next week brings the next digest.
        assert.ok((await queueWeeklyDigests(api.database.db, new Date(monday.getTime() + 7 * 86_400_000))) > 0);
        await api.inbox.waitFor({ to: members.digest.email, subject: /^Your communities this week/, count: 2 });
      });
    },
  );
}
