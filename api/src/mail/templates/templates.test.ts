import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountVerificationMail } from './account-verification.tsx';
import { attendanceConfirmationMail } from './attendance-confirmation.tsx';
import { communityAnnouncementMail } from './community-announcement.tsx';
import { communityNewsMail } from './community-news.tsx';
import { eventCancellationMail } from './event-cancellation.tsx';
import { eventChangeMail } from './event-change.tsx';
import { eventReminderMail } from './event-reminder.tsx';
import { joinRequestAnswerMail, joinRequestAskedMail } from './join-request.tsx';
import type { MailEvent } from './mail-inputs.ts';
import { darkModeCss, light } from './mail-theme.ts';
import { organiserMessageMail } from './organiser-message.tsx';
import { passwordResetMail } from './password-reset.tsx';
import type { RenderedMail } from './render-mail.ts';
import { waitingListSeatMail } from './waiting-list-seat.tsx';
import { weeklyDigestMail } from './weekly-digest.tsx';
import { withdrawalMail } from './withdrawal.tsx';

const event: MailEvent = {
  title: 'Rust Workshop',
  communityName: 'Rust Guild',
  when: 'Saturday 1 June 2030, 09:00 – 11:00 (Europe/London)',
  where: 'Papendorpseweg 100, Utrecht / Online',
  pageUrl: 'https://hub.example.com/events/42',
};
const unsubscribe = {
  pageUrl: 'https://hub.example.com/account/unsubscribe?token=t0k3n',
  preferencesUrl: 'https://hub.example.com/my-account#mail-preferences',
  what: 'reminders',
};

/** What every mail shares: both parts, en-GB, dark mode and phone-ready HTML, the footer's why. */
function assertFrame(mail: RenderedMail, why: RegExp) {
  assert.match(mail.html, /<html[^>]*lang="en-GB"/);
  assert.match(mail.html, /<meta name="color-scheme" content="light dark"/);
  assert.match(mail.html, /prefers-color-scheme: dark/);
  assert.match(mail.html, /name="viewport"/);
  assert.ok(mail.html.includes(light.brand), 'the brand colour of the Fluent theme');
  assert.match(mail.text, why);
  assert.match(mail.text, /^Community Hub$/m);
  assert.doesNotMatch(
    mail.text,
    /<(html|body|p|a|table|td|br|span|h1)\b/i,
    'no markup of the template in the text part',
  );
}

const noUnsubscribe = (mail: RenderedMail) => assert.doesNotMatch(mail.text, /Stop |unsubscribe/i);
const withUnsubscribe = (mail: RenderedMail, what: string) => {
  assert.match(mail.text, new RegExp(`^Stop ${what}: ${unsubscribe.pageUrl.replace(/[?]/g, '\\?')}$`, 'm'));
  assert.ok(mail.text.includes(`Choose which mails you get: ${unsubscribe.preferencesUrl}`));
  assert.ok(mail.html.includes(`href="${unsubscribe.pageUrl}"`));
};

describe('the mail templates', () => {
  it('the theme has a dark variant for mail programs that follow the system', () => {
    assert.match(darkModeCss, /@media \(prefers-color-scheme: dark\)/);
    assert.match(darkModeCss, /color-scheme: light dark/);
  });

  it('event change: what changed, was and is, transactional', async () => {
    const mail = await eventChangeMail({
      firstName: 'Nina',
      event,
      timeWas: 'Friday 31 May 2030, 09:00 – 11:00 (Europe/London)',
      placeWas: null,
      why: 'You receive this e-mail because you attend this event.',
    });
    assert.equal(mail.subject, 'Changed time: Rust Workshop');
    assert.match(mail.text, /^Hello Nina,$/m);
    assert.match(mail.text, /The time of the event "Rust Workshop" of Rust Guild changed\./);
    assert.match(mail.text, /^When: Saturday 1 June 2030, 09:00 – 11:00 \(Europe\/London\)$/m);
    assert.match(mail.text, /^Was: Friday 31 May 2030/m);
    assert.match(mail.text, /^https:\/\/hub\.example\.com\/events\/42$/m);
    assertFrame(mail, /because you attend this event/);
    noUnsubscribe(mail);
  });

  it("event cancellation: the organisers' note and the calendar line", async () => {
    const mail = await eventCancellationMail({ firstName: '', event, note: 'The speaker is ill.', why: 'Why.' });
    assert.equal(mail.subject, 'Cancelled: Rust Workshop');
    assert.match(mail.text, /^Hello,$/m);
    assert.match(mail.text, /The organisers' note:\s+The speaker is ill\./);
    assert.match(mail.text, /removes it from your calendar/);
    assertFrame(mail, /^Why\.$/m);
    noUnsubscribe(mail);
  });

  it('waiting-list seat: the seat, the time, the place, the host', async () => {
    const mail = await waitingListSeatMail({ firstName: 'Eve', event });
    assert.equal(mail.subject, 'You have a seat: Rust Workshop');
    assert.match(mail.text, /^Hi Eve,$/m);
    assert.match(mail.text, /^Host: Rust Guild$/m);
    assertFrame(mail, /waiting list of this event/);
  });

  it('account verification and password reset carry their link whole', async () => {
    const link = 'https://hub.example.com/account/action?mode=verifyEmail&oobCode=abc-123';
    const verify = await accountVerificationMail({ link });
    assert.equal(verify.subject, 'Confirm your e-mail address');
    assert.ok(verify.text.includes(`\n${link}\n`));
    assertFrame(verify, /create a Community Hub account/);
    const reset = await passwordResetMail({ link: link.replace('verifyEmail', 'resetPassword') });
    assert.equal(reset.subject, 'Reset your password');
    assert.match(reset.text, /mode=resetPassword&oobCode=abc-123$/m);
    assert.match(reset.text, /If this was not you, ignore this e-mail\./);
    noUnsubscribe(reset);
  });

  it('attendance confirmation: the office and its arrival notes, or online without the link', async () => {
    const office = await attendanceConfirmationMail({
      firstName: 'Nina',
      event,
      place: { online: false, address: 'Papendorpseweg 100, Utrecht', arrivalNotes: 'Ask for Nina at reception.' },
    });
    assert.equal(office.subject, 'You are attending: Rust Workshop');
    assert.match(office.text, /^Where: Papendorpseweg 100, Utrecht$/m);
    assert.match(office.text, /^Arrival: Ask for Nina at reception\.$/m);
    assertFrame(office, /because you signed up for this event/);
    noUnsubscribe(office);
    const online = await attendanceConfirmationMail({ firstName: 'Nina', event, place: { online: true } });
    assert.match(online.text, /^Where: Online — the link comes with your reminder and is on the event page$/m);
    assert.doesNotMatch(online.text, /^Arrival:/m);
  });

  it('withdrawal: from a seat or from the waiting list', async () => {
    const seat = await withdrawalMail({ firstName: 'Nina', event, wasWaiting: false });
    assert.equal(seat.subject, 'Withdrawn: Rust Workshop');
    assert.match(seat.text, /You withdrew from "Rust Workshop" of Rust Guild\./);
    assertFrame(seat, /because you withdrew/);
    const waiting = await withdrawalMail({ firstName: 'Nina', event, wasWaiting: true });
    assert.match(waiting.text, /You left the waiting list of "Rust Workshop"/);
  });

  it('reminder: the join link for online attendees, the office for the others, and the stop link', async () => {
    const online = await eventReminderMail({
      firstName: 'Nina',
      event,
      before: 'hour',
      place: { online: true, joinUrl: 'https://teams.example/join?id=1&p=2' },
      unsubscribe,
    });
    assert.equal(online.subject, 'In an hour: Rust Workshop');
    assert.match(online.text, /^Where: Online: https:\/\/teams\.example\/join\?id=1&p=2$/m);
    assertFrame(online, /because you attend this event/);
    withUnsubscribe(online, 'reminders');
    const office = await eventReminderMail({
      firstName: 'Nina',
      event,
      before: 'day',
      place: { online: false, address: 'Papendorpseweg 100, Utrecht', arrivalNotes: null },
      unsubscribe,
    });
    assert.equal(office.subject, 'Tomorrow: Rust Workshop');
    assert.match(office.text, /^Where: Papendorpseweg 100, Utrecht$/m);
    assert.doesNotMatch(office.text, /teams\.example/);
  });

  it('community news: the new event and why (the "at once" choice)', async () => {
    const mail = await communityNewsMail({ firstName: 'Nina', event, unsubscribe: { ...unsubscribe, what: 'news' } });
    assert.equal(mail.subject, 'New in Rust Guild: Rust Workshop');
    assert.match(mail.text, /Rust Guild published a new event: "Rust Workshop"\./);
    assertFrame(mail, /you joined Rust Guild and chose to hear of its new events at once/);
    withUnsubscribe(mail, 'news');
  });

  it('weekly digest: each coming event with my attendance; an empty week says so', async () => {
    const mail = await weeklyDigestMail({
      firstName: 'Nina',
      week: 'week of 27 May 2030',
      events: [
        { ...event, attendance: 'attending' },
        { ...event, title: 'Go Meetup', pageUrl: 'https://hub.example.com/events/43', attendance: null },
      ],
      unsubscribe: { ...unsubscribe, what: 'the weekly digest' },
    });
    assert.equal(mail.subject, 'Your communities this week: 2 coming events');
    assert.match(mail.text, /^Rust Workshop/m);
    assert.match(mail.text, /^You are attending$/m);
    assert.match(mail.text, /^Go Meetup/m);
    assert.ok(mail.text.includes('https://hub.example.com/events/43'));
    assertFrame(mail, /weekly digest because you joined/);
    withUnsubscribe(mail, 'the weekly digest');
    const empty = await weeklyDigestMail({ firstName: '', week: 'w', events: [], unsubscribe });
    assert.equal(empty.subject, 'Your communities this week: 0 coming events');
    assert.match(empty.text, /No coming events in your communities this week\./);
  });

  it("organiser message: the organiser's paragraphs, escaped, and no address shown", async () => {
    const mail = await organiserMessageMail({
      firstName: 'Nina',
      event,
      senderName: 'Ola Organiser',
      subject: 'Bring a laptop',
      body: 'Please bring a laptop.\n\nThe <b>room</b> is 4.12.',
      unsubscribe: { ...unsubscribe, what: 'messages from organisers' },
    });
    assert.equal(mail.subject, 'Rust Workshop: Bring a laptop');
    assert.match(mail.text, /^Please bring a laptop\.$/m);
    assert.match(mail.text, /^The <b>room<\/b> is 4\.12\.$/m, "the organiser's text as written");
    assert.ok(mail.html.includes('&lt;b&gt;room&lt;/b&gt;'), 'escaped in the HTML');
    assertFrame(mail, /Ola Organiser wrote it as an organiser\. Your address was not shown to them\./);
    withUnsubscribe(mail, 'messages from organisers');
  });

  it("community announcement: the lead's words and the community's page", async () => {
    const mail = await communityAnnouncementMail({
      firstName: 'Nina',
      communityName: 'Rust Guild',
      communityUrl: 'https://hub.example.com/communities/7',
      senderName: 'Lee Lead',
      subject: 'New meeting room',
      body: 'We move to the 5th floor.',
      unsubscribe: { ...unsubscribe, what: 'announcements' },
    });
    assert.equal(mail.subject, 'Rust Guild: New meeting room');
    assert.match(mail.text, /^We move to the 5th floor\.$/m);
    assert.match(mail.text, /^https:\/\/hub\.example\.com\/communities\/7$/m);
    assertFrame(mail, /because you joined Rust Guild; Lee Lead wrote it as its lead/);
    withUnsubscribe(mail, 'announcements');
  });

  it('join requests (issue 28): the notice to core members with its stop link; the answer, transactional', async () => {
    const communityUrl = 'https://hub.example.com/community/4';
    const asked = await joinRequestAskedMail({
      firstName: 'Lena',
      communityName: 'Quiet Architects',
      requesterName: 'Pat Asker',
      communityUrl,
      unsubscribe: { ...unsubscribe, what: 'mails about requests to join your communities' },
    });
    assert.equal(asked.subject, 'Pat Asker asks to join Quiet Architects');
    assertFrame(asked, /because you are a core member of Quiet Architects/);
    assert.ok(asked.text.includes(communityUrl));
    withUnsubscribe(asked, 'mails about requests to join your communities');

    const approved = await joinRequestAnswerMail({
      firstName: 'Pat',
      communityName: 'Quiet Architects',
      approved: true,
      communityUrl,
      askAgainDays: 7,
    });
    assert.equal(approved.subject, 'You are now a member of Quiet Architects');
    assertFrame(approved, /because you asked to join Quiet Architects/);
    assert.ok(approved.text.includes(communityUrl));
    noUnsubscribe(approved);

    const declined = await joinRequestAnswerMail({
      firstName: 'Pat',
      communityName: 'Quiet Architects',
      approved: false,
      communityUrl,
      askAgainDays: 7,
    });
    assert.equal(declined.subject, 'Your request to join Quiet Architects was declined');
    assert.match(declined.text, /ask again from its invitation link after 7 days/);
    assert.ok(!declined.text.includes(communityUrl), 'a community they may not see is not linked');
    noUnsubscribe(declined);
  });
});
