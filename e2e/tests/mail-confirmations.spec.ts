import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import type { MailPreferences } from '@hub/contract/mail-preferences';
import type { CaughtMail } from '../../api/test/helpers/mail-inbox';
import { attendPanel, cancelQuietly, createEvent, openEvent } from '../support/events';
import { ApiUser } from '../support/hub-api';
import { mailInbox } from '../support/identity';
import { loginAs } from '../support/login';
import { main } from '../support/site';

/**
 * Issue 26 (mailc) on the real stack, mails read from the real catcher and calendar parts parsed
 * with ical.js: attending through the event page sends a confirmation whose iTIP REQUEST carries the
 * event's UID, SEQUENCE, DTSTART with TZID and the chosen office as LOCATION; withdrawing sends a
 * CANCEL for the same UID; the preferences card in My account saves a choice (phone-sized and dark,
 * screenshotted); the unsubscribe page opened from a signed link says what it stopped and undoes it.
 */
const person = new ApiUser('staff@hub.test');
const lead = new ApiUser('lead@hub.test');
const other = new ApiUser('external@hub.test');

/** The mails to `email` whose subject matches, waited for (the outbox sends right after the answer). */
async function waitForMail(email: string, subject: RegExp): Promise<CaughtMail> {
  const [mail] = await mailInbox().waitFor({ to: email, subject, timeoutMs: 30_000 });
  return mail!;
}

function calendarOf(mail: CaughtMail) {
  expect(mail.calendar, `${mail.subject} carries a calendar part`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(mail.calendar!.text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
    tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
    location: vevent.getFirstPropertyValue('location'),
  };
}

test.describe('mail confirmations and preferences', () => {
  test.describe.configure({ timeout: 120_000 });

  test('attend → a REQUEST in the confirmation; withdraw → a CANCEL for the same UID', async ({ page }) => {
    // Two places, so the page asks where (with one it attends at once).
    const event = await createEvent({
      capacity: 20,
      locations: [
        { cityName: 'Amsterdam', address: 'Herengracht 1', online: 'No' },
        { cityName: 'Utrecht', address: 'Domplein 2', online: 'No' },
      ],
    });
    try {
      await loginAs(page, 'staff@hub.test');
      await openEvent(page, event);
      await attendPanel(page).getByRole('button', { name: 'Attend', exact: true }).click();
      const picker = page.getByRole('dialog', { name: 'Where will you be attending?' });
      await picker
        .getByRole('combobox', { name: /Event Location/ })
        .selectOption({ label: 'Amsterdam: Herengracht 1' });
      await picker.getByRole('button', { name: 'Confirm' }).click();
      await expect(attendPanel(page).getByText("You're going")).toBeVisible();

      const confirmation = await waitForMail('staff@hub.test', new RegExp(`^You are attending: ${event.title}$`));
      expect(confirmation.text).toMatch(/^Where: Herengracht 1, Amsterdam$/m);
      expect(confirmation.parsed.html || '').toContain('color-scheme');
      const request = calendarOf(confirmation);
      expect(request.method).toBe('REQUEST');
      expect(request.uid).toMatch(new RegExp(`^event-${event.id}@`));
      expect(request.tzid).toBe('Europe/Amsterdam');
      expect(request.location).toBe('Herengracht 1, Amsterdam');
      expect(Number.isInteger(request.sequence)).toBe(true);

      await attendPanel(page).getByRole('button', { name: 'Withdraw' }).click();
      await page
        .getByRole('dialog', { name: 'Withdraw from this event?' })
        .getByRole('button', { name: 'Yes' })
        .click();
      await expect(attendPanel(page).getByRole('button', { name: 'Attend', exact: true })).toBeVisible();

      const withdrawal = await waitForMail('staff@hub.test', new RegExp(`^Withdrawn: ${event.title}$`));
      const cancel = calendarOf(withdrawal);
      expect(cancel.method).toBe('CANCEL');
      expect(cancel.uid).toBe(request.uid);
      expect(cancel.sequence).toBeGreaterThanOrEqual(request.sequence);
    } finally {
      await person.call('DELETE', `api/events/${event.id}/attendance`);
      await cancelQuietly(event.id);
    }
  });

  test("one-click unsubscribe: a POST to the header's URL stops organiser messages; the footer's page undoes it", async ({
    page,
  }) => {
    const event = await createEvent({
      capacity: 20,
      locations: [{ cityName: 'Utrecht', address: 'Domplein 2', online: 'No' }],
    });
    const place = { eventLocationId: event.locations[0]!.eventLocationId };
    const write = (subject: string) =>
      lead.call('POST', `api/events/${event.id}/messages`, {
        subject,
        body: 'Please bring a laptop.',
        audience: 'event-all',
      });
    try {
      expect((await person.call('PUT', `api/events/${event.id}/attendance`, place)).status).toBe(200);
      expect((await other.call('PUT', `api/events/${event.id}/attendance`, place)).status).toBe(200);
      const first = `Laptops ${event.id}`;
      expect((await write(first)).status).toBe(201);
      const message = await waitForMail('staff@hub.test', new RegExp(`: ${first}$`));
      const header =
        message.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r?\n[ \t]*/g, '') ?? '';
      const oneClick = /<(https?:\/\/[^>]+\/api\/mail\/unsubscribe\?token=[^>]+)>/.exec(header)?.[1];
      expect(oneClick, header).toBeTruthy();
      expect(message.parsed.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );

      // What a mail program does (RFC 8058): a form POST, no cookie, no sign-in.
      const answer = await fetch(oneClick!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(answer.status).toBe(200);
      const stored = (await person.call<MailPreferences>('GET', 'api/user/mail-preferences')).body;
      expect(stored.kinds['organiser-messages']).toBe(false);

      // The next message reaches the other attendee, not the one who stopped them.
      const second = `Room change ${event.id}`;
      expect((await write(second)).status).toBe(201);
      await waitForMail('external@hub.test', new RegExp(`: ${second}$`));
      expect(await mailInbox().mails({ to: 'staff@hub.test', subject: new RegExp(`: ${second}$`) })).toEqual([]);

      // The footer's link opens the site's page (no sign-in): it says what is stopped, and Undo restarts it.
      const pageUrl = /^Stop [^:]+: (\S+)$/m.exec(message.text)?.[1];
      expect(pageUrl, message.text).toMatch(/\/account\/unsubscribe\?token=/);
      await page.goto(new URL(pageUrl!).pathname + new URL(pageUrl!).search);
      await expect(main(page).getByText('You will no longer get messages from event organisers')).toBeVisible({
        timeout: 20_000,
      });
      await main(page).getByRole('button', { name: 'Undo' }).click();
      await expect(main(page).getByText('You will get messages from event organisers again.')).toBeVisible();
      expect(
        (await person.call<MailPreferences>('GET', 'api/user/mail-preferences')).body.kinds['organiser-messages'],
      ).toBe(true);
    } finally {
      await person.call('PUT', 'api/user/mail-preferences', { kinds: { 'organiser-messages': true } });
      await person.call('DELETE', `api/events/${event.id}/attendance`);
      await other.call('DELETE', `api/events/${event.id}/attendance`);
      await cancelQuietly(event.id);
    }
  });

  test('the preferences card saves a choice; on a phone and in dark mode', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await loginAs(page, 'staff@hub.test');
    await page.goto('/my-account');
    const card = main(page).getByRole('form', { name: 'Mail preferences' });
    await expect(card).toBeVisible({ timeout: 20_000 });
    const reminders = card.getByRole('switch', { name: 'Reminders' });
    await expect(reminders).toBeChecked();
    await reminders.click();
    await expect(reminders).not.toBeChecked();
    const firstCommunity = card.getByRole('radiogroup').first();
    await firstCommunity.getByRole('radio', { name: 'At once' }).check();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('mail-preferences-phone-dark.png'), fullPage: true });
    await card.getByRole('button', { name: 'Save mail preferences' }).click();
    await expect(card.getByText('Mail preferences saved')).toBeVisible();

    const stored = (await person.call<MailPreferences>('GET', 'api/user/mail-preferences')).body;
    expect(stored.kinds.reminders).toBe(false);
    expect(stored.communities[0]!.choice).toBe('now');
    // Put back as the other tests expect it.
    await person.call('PUT', 'api/user/mail-preferences', {
      kinds: { reminders: true },
      communities: [{ communityId: stored.communities[0]!.communityId, choice: 'digest' }],
    });
  });
});
