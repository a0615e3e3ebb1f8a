import { expect, test, type Page } from '@playwright/test';
import type { EventDetail, EventInput } from '@hub/contract/events';
import { CommunityBaseId } from '@hub/contract/enums';
import { seriousViolations } from '../support/axe';
import { ApiUser, callApi, publicApi, seededCommunity, uniqueName } from '../support/hub-api';
import { mailInbox } from '../support/identity';
import { loginAs } from '../support/login';
import { remoteArea } from '../support/site';

/**
 * Issue 11's event forms on the real stack: the lead of Cloud Native Guild creates an event through
 * /event-form (date and time pickers, a zone other than the browser's), edits its time (an attendee
 * is told by mail) and cancels it; a core member is kept out of another community's form by the
 * page's guard and by the API (403); the admin variant lists every community and network.
 */
const lead = new ApiUser('lead@hub.test');
const external = new ApiUser('external@hub.test');
const core = new ApiUser('core@hub.test');

const eventsArea = (page: Page) => remoteArea(page, 'events');
const eventForm = (page: Page) => eventsArea(page).getByRole('form', { name: 'Event details' });

/** A day `days` from now as the form's date field takes it typed (YYYY-MM-DD). */
function dayFromNow(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** Types into a Fluent DatePicker or TimePicker (both take typed text) and leaves it, which commits it. */
async function typeInto(page: Page, name: RegExp, text: string) {
  const field = eventForm(page).getByRole('combobox', { name });
  await field.fill(text);
  await field.press('Tab');
}

/** The event mails (MIME, with the calendar part) sent to `email` about the event titled `title`. */
async function eventMailsTo(email: string, title: string): Promise<string[]> {
  return (await mailInbox().mails({ to: email }))
    .map((mail) => `${mail.subject}\n${mail.text}`)
    .filter((text) => text.includes(title));
}

test.describe.serial('event forms: the lead runs an event', () => {
  test.describe.configure({ timeout: 120_000 });
  const title = uniqueName('E2E Forms Meetup');
  const day = dayFromNow(40);
  let eventId = 0;

  test.afterAll(async () => {
    // Whatever a failed run left: the event is cancelled (events are never deleted).
    if (eventId) await lead.call('POST', `api/events/${eventId}/cancel`);
  });

  test('creates an event for their community through the form and opens it', async ({ page }) => {
    await loginAs(page, 'lead@hub.test');
    await page.goto('/event-form');
    const form = eventForm(page);
    await expect(form).toBeVisible({ timeout: 20_000 });

    // Nothing is sent while the form is incomplete.
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect(form).toContainText('Enter a title.');
    await expect(form).toContainText('Choose the start date.');
    await expect(page).toHaveURL(/\/event-form$/);

    const community = await seededCommunity(CommunityBaseId.Community, 'Cloud Native Guild');
    await form.getByRole('combobox', { name: /^Community/ }).selectOption(String(community.id));
    await form.getByRole('textbox', { name: /^Title/ }).fill(title);
    await form.getByRole('textbox', { name: /^Description/ }).fill('## Programme\n\n- **Talks**\n- Drinks');
    await typeInto(page, /^Start date/, day);
    await typeInto(page, /^Start time/, '18:00');
    await typeInto(page, /^End date/, day);
    await typeInto(page, /^End time/, '17:00');
    // The end before the start is refused on the spot.
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect(form).toContainText('The end must be after the start.');
    await typeInto(page, /^End time/, '21:30');

    const zone = form.getByRole('combobox', { name: /^Time zone/ });
    // Clicking selects the chosen zone, so typing replaces it.
    await zone.click();
    await zone.pressSequentially('Amsterdam');
    await page.getByRole('option', { name: /Europe\/Amsterdam/ }).click();
    await expect(form.locator('[data-when-summary]')).toContainText(/Starts .* 18:00 CES?T/);

    await form.getByRole('textbox', { name: /^City/ }).fill('Utrecht');
    await form.getByRole('textbox', { name: /^Address/ }).fill('Papendorpseweg 100');
    await form.getByRole('button', { name: 'Add a location' }).click();
    await form.getByRole('radio', { name: 'Online' }).nth(1).check();
    await form.getByRole('textbox', { name: /^City/ }).nth(1).fill('Online');
    await form.getByRole('textbox', { name: /^Join link/ }).fill('https://meet.example.com/e2e-forms');
    await form.getByRole('textbox', { name: /^Capacity/ }).fill('30');
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Create event' }).click();
    await expect(page).toHaveURL(/\/events\/\d+$/, { timeout: 20_000 });
    eventId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(page.getByText('Event created', { exact: true })).toBeVisible();

    // Stored as the wall time in Amsterdam (18:00 there, whatever the browser's zone), with both places.
    const stored = (await callApi<EventDetail>('GET', `api/events/${eventId}`)).body;
    expect(stored).toMatchObject({ title, timeZone: 'Europe/Amsterdam', communityId: community.id, capacity: 30 });
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' }).format(
        new Date(stored.startsAt),
      ),
    ).toBe('18:00');
    expect(stored.locations.map((l) => [l.cityName, l.online])).toEqual([
      ['Utrecht', 'No'],
      ['Online', 'Yes'],
    ]);
  });

  test('edits its time; an attendee is told by mail', async ({ page }) => {
    expect(eventId, 'the event of the first test').toBeGreaterThan(0);
    const before = (await callApi<EventDetail>('GET', `api/events/${eventId}`)).body;
    const utrecht = before.locations.find((l) => l.cityName === 'Utrecht')!;
    expect(
      (await external.call('PUT', `api/events/${eventId}/attendance`, { eventLocationId: utrecht.eventLocationId }))
        .status,
    ).toBe(200);

    await loginAs(page, 'lead@hub.test');
    await page.goto(`/event-form/edit/${eventId}`);
    const form = eventForm(page);
    await expect(form.getByRole('combobox', { name: /^Start time/ })).toHaveValue('18:00', { timeout: 20_000 });
    await expect(form.getByRole('textbox', { name: /^Join link/ })).toHaveValue('https://meet.example.com/e2e-forms');
    expect(await seriousViolations(page)).toEqual([]);
    await typeInto(page, /^Start time/, '19:00');
    await typeInto(page, /^End time/, '22:00');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`), { timeout: 20_000 });
    await expect(page.getByText('Changes saved', { exact: true })).toBeVisible();
    const after = (await callApi<EventDetail>('GET', `api/events/${eventId}`)).body;
    expect(Date.parse(after.startsAt) - Date.parse(before.startsAt)).toBe(3_600_000);
    // The attendee kept their place at the kept location.
    expect(after.locations.find((l) => l.cityName === 'Utrecht')?.attendeeCount).toBe(1);
  });

  test('the attendee has the change mail in their inbox (the mail catcher)', async () => {
    await expect
      .poll(async () => (await eventMailsTo(external.email, title)).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
  });

  test('cancels it from the event page', async ({ page }) => {
    await loginAs(page, 'lead@hub.test');
    await page.goto(`/events/${eventId}`);
    await eventsArea(page).getByRole('button', { name: 'Cancel event' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Yes|Cancel event)/ })
      .click();
    await expect(eventsArea(page)).toContainText('Cancelled', { timeout: 20_000 });
    expect((await callApi<EventDetail>('GET', `api/events/${eventId}`)).body.cancelled).toBe(true);
  });
});

test.describe('event forms: who may create what', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a core member cannot create an event for another community: the page sends them home, the API says 403', async ({
    page,
  }) => {
    const other = await seededCommunity(CommunityBaseId.Community, 'Java Community');
    await loginAs(page, 'core@hub.test');
    await page.goto(`/event-form/${other.id}`);
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    await expect(
      page.getByText('Only the core members of a community and admins can create its events.').first(),
    ).toBeVisible();

    const body: EventInput = {
      communityId: other.id,
      title: uniqueName('E2E Refused'),
      description: '',
      imageUrl: '',
      startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 30 * 86_400_000 + 3_600_000).toISOString(),
      timeZone: 'Europe/Amsterdam',
      capacity: null,
      locations: [{ cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No' }],
    };
    const refused = await core.call('POST', 'api/events', body);
    expect(refused.status).toBe(403);
  });

  test('the admin variant of /event-form lists every community and network', async ({ page }) => {
    const names = [
      ...(await publicApi.communitiesOfBase(CommunityBaseId.Community)),
      ...(await publicApi.communitiesOfBase(CommunityBaseId.Network)),
    ].map((c) => c.name);
    await loginAs(page, 'admin@hub.test');
    await page.goto('/event-form');
    const select = eventForm(page).getByRole('combobox', { name: /^Community/ });
    await expect(select).toBeVisible({ timeout: 20_000 });
    const offered = await select.locator('option').allTextContents();
    expect(offered.slice(1).sort()).toEqual([...names].sort());
    expect(await seriousViolations(page)).toEqual([]);
  });
});
