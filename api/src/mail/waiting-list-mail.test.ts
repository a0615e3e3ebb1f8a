import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventTimeInItsZone, waitingListPromotionMail } from './waiting-list-mail.ts';

describe('the waiting list promotion mail', () => {
  it("gives the time in the event's own zone, across daylight saving time and midnight", () => {
    // 31 March 2030 is after Europe's switch to summer time: 14:00Z is 16:00 in Amsterdam.
    assert.equal(
      eventTimeInItsZone(new Date('2030-03-31T14:00:00Z'), new Date('2030-03-31T16:00:00Z'), 'Europe/Amsterdam'),
      'Sunday 31 March 2030, 16:00 – 18:00 (Europe/Amsterdam)',
    );
    assert.equal(
      eventTimeInItsZone(new Date('2030-01-10T23:00:00Z'), new Date('2030-01-11T06:00:00Z'), 'America/New_York'),
      'Thursday 10 January 2030, 18:00 – Friday 11 January 2030, 01:00 (America/New_York)',
    );
  });

  it('names the event, the place and the page, and greets without a name when there is none', async () => {
    const mail = await waitingListPromotionMail({
      to: 'ann@hub.test',
      firstName: '',
      event: {
        id: 42,
        title: 'Rust Workshop',
        startsAt: new Date('2030-06-01T08:00:00Z'),
        endsAt: new Date('2030-06-01T10:00:00Z'),
        timeZone: 'Europe/London',
        communityName: 'Rust Guild',
      },
      location: { cityName: '', address: null, online: true },
      siteUrl: 'https://hub.example.com',
    });
    assert.equal(mail.to, 'ann@hub.test');
    assert.equal(mail.subject, 'You have a seat: Rust Workshop');
    assert.match(mail.text, /^Hi,$/m);
    assert.match(mail.text, /When: +Saturday 1 June 2030, 09:00 – 11:00 \(Europe\/London\)/);
    assert.match(mail.text, /Where: Online \(the join link is on the event page\)/);
    assert.match(mail.text, /^https:\/\/hub\.example\.com\/events\/42$/m);
  });
});
