import { expect, test } from '@playwright/test';
import type { EventDetail } from '@hub/contract/events';
import type { MailPreferences, NewsChoice } from '@hub/contract/mail-preferences';
import type { CaughtMail } from '../../api/test/helpers/mail-inbox';
import { cancelQuietly, createEvent, leadCommunityId } from '../support/events';
import { ApiUser, uniqueName } from '../support/hub-api';
import { mailInbox } from '../support/identity';

/**
 * Issue 26's reminders and community news on the real stack: the API's job queue on its database,
 * mail over SMTP to the real catcher, read through the catcher's API. The clock is not moved: the
 * events are made to start inside the reminders' windows (one in 23 hours, one in 45 minutes), and
 * under this suite the stack looks for due reminders every second (devstack/src/run-site.ts).
 * What the clock moving does (a reminder window opening later, a withdrawn attendee, a cancelled
 * event, several processes) is proven in api/test/reminders.it.ts and reminder-processes.it.ts; the
 * weekly digest (its sweep is off under this suite, not to mail every demo member mid-run) in
 * api/test/organiser-messages.it.ts.
 */
const online = new ApiUser('staff@hub.test');
const inPerson = new ApiUser('external@hub.test');
const joinUrl = 'https://meet.example.test/hub-reminders';

const startingIn = (minutes: number) => {
  const at = new Date(Date.now() + minutes * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
};

async function eventStartingIn(minutes: number): Promise<EventDetail> {
  const start = startingIn(minutes);
  return createEvent({
    title: uniqueName('Reminded event'),
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 60 * 60_000).toISOString(),
    locations: [
      { cityName: 'Online', address: null, online: 'Yes', joinUrl },
      {
        cityName: 'Amsterdam',
        address: 'Herengracht 1',
        online: 'No',
        arrivalNotes: 'Ask for Community Hub at reception.',
      },
    ],
  });
}

async function attend(user: ApiUser, event: EventDetail, online: boolean) {
  const place = event.locations.find((l) => (l.online === 'Yes') === online)!;
  const answer = await user.call('PUT', `api/events/${event.id}/attendance`, {
    eventLocationId: place.eventLocationId,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

/** The mails to `to` whose subject is exactly `subject`. */
const mailsTitled = async (to: string, subject: string) =>
  (await mailInbox().mails({ to })).filter((m) => m.subject === subject);

/** A header as the mail carries it (mailparser's `headers` map turns the List-* headers into objects). */
const headerLine = (mail: CaughtMail, key: string) =>
  mail.parsed.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n[ \t]*/g, '');

/** Two more sweeps and their sends: what would come twice has come by then. */
const afterMoreSweeps = () => new Promise((resolve) => setTimeout(resolve, 4_000));

test.describe('reminders and community news, through the job queue to the mail catcher', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a day and an hour before: once each, the join link only for those attending online', async () => {
    const tomorrow = await eventStartingIn(23 * 60);
    const soon = await eventStartingIn(45);
    try {
      await attend(online, tomorrow, true);
      await attend(inPerson, tomorrow, false);
      await attend(online, soon, true);

      const inbox = mailInbox();
      const [dayOnline] = await inbox.waitFor({
        to: online.email,
        subject: `Tomorrow: ${tomorrow.title}`,
        timeoutMs: 30_000,
      });
      const [dayInPerson] = await inbox.waitFor({
        to: inPerson.email,
        subject: `Tomorrow: ${tomorrow.title}`,
        timeoutMs: 30_000,
      });
      const [hour] = await inbox.waitFor({ to: online.email, subject: `In an hour: ${soon.title}`, timeoutMs: 30_000 });

      // Online: the join link. In person: the office and its arrival notes, and no join link.
      expect(dayOnline!.text).toContain(`Online: ${joinUrl}`);
      expect(hour!.text).toContain(`Online: ${joinUrl}`);
      expect(dayInPerson!.text).toContain('Herengracht 1');
      expect(dayInPerson!.text).toContain('Ask for Community Hub at reception.');
      expect(dayInPerson!.text).not.toContain(joinUrl);
      // Each reminder has its unsubscribe header (it is not transactional).
      expect(headerLine(dayOnline!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

      await afterMoreSweeps();
      expect(await mailsTitled(online.email, `Tomorrow: ${tomorrow.title}`)).toHaveLength(1);
      expect(await mailsTitled(inPerson.email, `Tomorrow: ${tomorrow.title}`)).toHaveLength(1);
      expect(await mailsTitled(online.email, `In an hour: ${soon.title}`)).toHaveLength(1);
      // The event in 45 minutes is past its day-before window: no "Tomorrow" for it.
      expect(await mailsTitled(online.email, `Tomorrow: ${soon.title}`)).toHaveLength(0);
    } finally {
      await online.call('DELETE', `api/events/${tomorrow.id}/attendance`);
      await inPerson.call('DELETE', `api/events/${tomorrow.id}/attendance`);
      await online.call('DELETE', `api/events/${soon.id}/attendance`);
      await cancelQuietly(tomorrow.id);
      await cancelQuietly(soon.id);
    }
  });

  test("a new event reaches the members who chose 'at once', not those who chose the digest or nothing", async () => {
    const communityId = await leadCommunityId();
    const members: [ApiUser, NewsChoice][] = [
      [new ApiUser('staff@hub.test'), 'now'],
      [new ApiUser('external@hub.test'), 'digest'],
      [new ApiUser('newstaff@hub.test'), 'none'],
    ];
    const before = new Map<ApiUser, NewsChoice>();
    const wasMember = new Map<ApiUser, boolean>();
    for (const [member, choice] of members) {
      wasMember.set(member, await member.isMemberOf(communityId));
      await member.setMembership(communityId, true);
      const preferences = (await member.call<MailPreferences>('GET', 'api/user/mail-preferences')).body;
      before.set(member, preferences.communities.find((c) => c.communityId === communityId)!.choice);
      const saved = await member.call('PUT', 'api/user/mail-preferences', {
        kinds: { 'community-news': true },
        communities: [{ communityId, choice }],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    let event: EventDetail | undefined;
    try {
      event = await createEvent({
        title: uniqueName('Community news'),
        locations: [{ cityName: 'Amsterdam', address: 'Herengracht 1', online: 'No' }],
      });
      const subject = new RegExp(`^New in .+: ${event.title}$`);
      const [news] = await mailInbox().waitFor({ to: 'staff@hub.test', subject, timeoutMs: 30_000 });
      expect(news!.text).toContain(event.title);
      expect(headerLine(news!, 'list-unsubscribe')).toMatch(/\/api\/mail\/unsubscribe\?token=/);

      await afterMoreSweeps();
      for (const email of ['external@hub.test', 'newstaff@hub.test'])
        expect((await mailInbox().mails({ to: email })).filter((m) => subject.test(m.subject))).toHaveLength(0);
    } finally {
      await cancelQuietly(event?.id);
      for (const [member] of members)
        await member.call('PUT', 'api/user/mail-preferences', {
          communities: [{ communityId, choice: before.get(member) }],
        });
    }
  });
});
