import { expect, test, type Page } from '@playwright/test';
import type { EventDetail } from '@hub/contract/events';
import { ApiUser } from '../support/hub-api';
import { cancelQuietly, createEvent, mailsFor, openEvent } from '../support/events';
import { loginAs } from '../support/login';
import { main } from '../support/site';

/**
 * Issue 26's organiser messages on the real stack: the lead of Cloud Native Guild writes, from the
 * event's organiser panel, to the attendees of one of its two places. The attendee there gets the
 * mail (read from the mail catcher), the attendee at the other place does not, and the message is
 * listed on the event page under "Updates from the organisers" for anyone. Screenshots of the
 * dialog and the list on a phone in dark mode go to test-results for a person to look at.
 */
const atUtrecht = new ApiUser('staff@hub.test');
const atAmsterdam = new ApiUser('external@hub.test');

const dialog = (page: Page) => page.getByRole('dialog');
const updates = (page: Page) => main(page).getByRole('region', { name: 'Updates from the organisers' });

test.describe.serial('organiser messages: the lead writes to the attendees of one place', () => {
  test.describe.configure({ timeout: 120_000 });
  let event: EventDetail | undefined;
  const subject = `Parking at Utrecht ${Date.now().toString(36)}`;

  test.beforeAll(async () => {
    event = await createEvent({
      locations: [
        { cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' },
        { cityName: 'Amsterdam', address: 'Stationsplein 1', online: 'No' },
      ],
    });
    const [utrecht, amsterdam] = event.locations.map((l) => l.eventLocationId);
    for (const [person, place] of [
      [atUtrecht, utrecht],
      [atAmsterdam, amsterdam],
    ] as const) {
      const answer = await person.call('PUT', `api/events/${event.id}/attendance`, { eventLocationId: place });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
  });
  test.afterAll(async () => cancelQuietly(event?.id));

  test('writes from the event page, choosing a place by its count; only that place hears of it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await loginAs(page, 'lead@hub.test');
    await openEvent(page, event!);

    await main(page).getByRole('button', { name: 'Write to attendees' }).click();
    await expect(
      dialog(page).getByRole('heading', { name: `Write to the attendees of ${event!.title}` }),
    ).toBeVisible();
    // Each choice says how many it reaches; no address is shown anywhere in the dialog.
    await expect(dialog(page).getByLabel('Everyone attending (2 people)')).toBeChecked();
    await dialog(page).getByLabel('At Utrecht (1 person)').check();
    await expect(dialog(page)).toContainText('This message goes to 1 person.');
    await expect(dialog(page)).not.toContainText('@hub.test');
    await dialog(page)
      .getByRole('textbox', { name: /^Subject/ })
      .fill(subject);
    await dialog(page)
      .getByRole('textbox', { name: /^Message/ })
      .fill('Park at P2, next to the north entrance.\n\nThe doors open at 8:30.');
    await page.screenshot({ path: test.info().outputPath('compose-phone-dark.png'), fullPage: false });
    await dialog(page).getByRole('button', { name: 'Send' }).click();
    // The toast's title (an aria-live copy of it is read out too).
    await expect(page.getByText('Message sent to 1 person').first()).toBeVisible();
    await expect(dialog(page)).toBeHidden();

    // Listed on the event page, newest first, with its author and audience.
    const list = updates(page);
    await expect(list.getByRole('heading', { level: 3, name: subject })).toBeVisible();
    await expect(list).toContainText('Lena Lead');
    await expect(list).toContainText('to the attendees at Utrecht');
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('updates-phone-dark.png'), fullPage: true });

    // The attendee at Utrecht gets it, addressed to them alone.
    await expect
      .poll(async () => (await mailsFor(atUtrecht.email)).filter((m) => m.subject.includes(subject)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const [mail] = (await mailsFor(atUtrecht.email)).filter((m) => m.subject.includes(subject));
    expect(mail!.text).toContain('Park at P2, next to the north entrance.');
    expect(mail!.parsed.to).toBeDefined();
    expect(JSON.stringify(mail!.parsed.to)).not.toContain(atAmsterdam.email);
    // The one-click stop (mailparser folds List-* headers into one object: read the line as sent).
    expect(mail!.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toMatch(/unsubscribe\?token=/);
    // The attendee at Amsterdam does not (its mail would have been queued in the same statement).
    expect((await mailsFor(atAmsterdam.email)).filter((m) => m.subject.includes(subject))).toEqual([]);
  });

  test('anyone reading the event page sees the update, without signing in', async ({ page }) => {
    await openEvent(page, event!);
    await expect(updates(page).getByRole('heading', { level: 3, name: subject })).toBeVisible();
    await expect(updates(page)).toContainText('Park at P2');
  });
});
