import { expect, test, type Page } from '@playwright/test';
import { CspWatch } from '../support/csp';
import { attendPanel, cancelQuietly, createEvent, lead, openEvent } from '../support/events';
import { ApiUser } from '../support/hub-api';
import { loginAs } from '../support/login';
import { expectRemoteScreen, main } from '../support/site';

/**
 * Issue 23's events seams, on the real stack: one cancelled state on every screen that shows an
 * event (event page, My hub, the events list's past view, Manage), "Attend in person" never books
 * another city unasked, the cover of an event without a picture painted under the CSP, and the
 * confirmations' busy texts and focus. Every test makes its own events through the API.
 */
const external = new ApiUser('external@hub.test');
const staff = new ApiUser('staff@hub.test');

const picker = (page: Page) => page.getByRole('dialog', { name: 'Where will you be attending?' });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

test.describe('events seams (issue 23)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an event without a picture: its cover is painted by the stylesheet, with no CSP violation, on a full load', async ({
    page,
    context,
  }) => {
    const csp = await CspWatch.on(context);
    const event = await createEvent({ locations: [{ cityName: 'Lisbon', address: 'Rua Augusta 1', online: 'No' }] });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await openEvent(page, event);
      // The remote's own screen (the app starts once the HTML's frame has painted, and replaces it).
      await expectRemoteScreen(page, 'events');
      const cover = main(page).getByTestId('generated-cover');
      await expect(cover).toBeVisible();
      expect(await cover.getAttribute('style')).toBeNull();
      const painted = await cover.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(painted).not.toBe('rgba(0, 0, 0, 0)');
      await expect.poll(async () => (await cover.boundingBox())?.height ?? 0).toBeGreaterThan(100);
      expect(csp.violations).toEqual([]);
    } finally {
      await cancelQuietly(event.id);
    }
  });

  test('a cancelled event looks cancelled everywhere: its page (when, the note), My hub and the past list', async ({
    page,
  }) => {
    const event = await createEvent({
      capacity: 20,
      locations: [
        { cityName: 'Porto', address: 'Rua das Flores 2', online: 'No' },
        { cityName: 'Teams', address: null, online: 'Yes', joinUrl: 'https://teams.example.org/meet/cancelled' },
      ],
    });
    try {
      const online = event.locations.find((l) => l.online === 'Yes')!;
      expect(
        (await external.call('PUT', `api/events/${event.id}/attendance`, { eventLocationId: online.eventLocationId }))
          .status,
      ).toBe(200);
      const cancelled = await lead.call('POST', `api/events/${event.id}/cancel`, {
        note: 'The speaker is ill. We will announce a new date.',
      });
      expect(cancelled.status).toBe(200);

      await loginAs(page, 'external@hub.test');
      await openEvent(page, event);
      const aside = main(page).getByRole('complementary', { name: 'This event has been cancelled' });
      await expect(aside).toContainText(/Cancelled on \w{3}, \d+ \w{3} \d{4}, \d\d:\d\d/);
      await expect(aside).toContainText('The speaker is ill. We will announce a new date.');
      // Give the attendee's own view (attending, with its join link) time to arrive: it changes nothing.
      await page.waitForLoadState('networkidle');
      await expect(main(page)).not.toContainText(/You're going|seats? left|Add to calendar|Join online/);
      await expect(main(page).getByRole('link', { name: /Join online|Add to calendar/ })).toHaveCount(0);
      await expect(main(page).getByRole('button', { name: /Attend|Withdraw/ })).toHaveCount(0);

      // My hub: filed under Past, marked cancelled only.
      await page.goto('/my-hub');
      const past = main(page).getByRole('list', { name: 'Past events I attend' });
      const mine = past.getByRole('listitem').filter({ hasText: event.title });
      await expect(mine).toContainText('Cancelled', { timeout: 20_000 });
      await expect(mine).not.toContainText(/You're going|You attended|seats? left/);
      await expect(
        main(page).getByRole('list', { name: 'Upcoming events I attend' }).getByText(event.title),
      ).toHaveCount(0);

      // The events list's past view.
      await page.goto(`/events/event-list?when=past&q=${encodeURIComponent(event.title)}`);
      const card = main(page).getByTestId('event-card').filter({ hasText: event.title });
      await expect(card).toHaveAttribute('data-event-state', 'cancelled', { timeout: 20_000 });
      await expect(card).not.toContainText(/You're going|You attended|seats? left|Past/);
    } finally {
      await external.call('DELETE', `api/events/${event.id}/attendance`);
      await cancelQuietly(event.id);
    }
  });

  test('the Past badge of a past event is visible (it was white on white, yet took its 41 px)', async ({ page }) => {
    // A seeded past event (the tests' own cancelled events head the past view, latest first).
    await page.goto('/events/event-list?when=past&q=Serverless+Patterns+Meetup');
    const card = main(page).locator('[data-testid="event-card"][data-event-state="past"]').first();
    const badge = card.getByText('Past', { exact: true });
    await expect(badge).toBeVisible({ timeout: 20_000 });
    const [text, behind] = await badge.evaluate((el) => {
      const own = getComputedStyle(el).backgroundColor;
      const card = getComputedStyle(el.closest('article')!).backgroundColor;
      return [getComputedStyle(el).color, own === 'rgba(0, 0, 0, 0)' ? card : own];
    });
    expect(text).not.toBe(behind);
  });

  test('Manage files a cancelled upcoming event under past, marked cancelled, with no capacity', async ({ page }) => {
    const event = await createEvent({
      capacity: 25,
      locations: [{ cityName: 'Seville', address: 'Calle Sierpes 3', online: 'No' }],
    });
    try {
      expect((await lead.call('POST', `api/events/${event.id}/cancel`)).status).toBe(200);
      await loginAs(page, 'lead@hub.test');
      await page.goto(`/manage?q=${encodeURIComponent(event.communityName)}`);
      const community = main(page).getByRole('region', { name: event.communityName });
      const upcoming = community.getByRole('list', { name: `Upcoming events of ${event.communityName}` });
      await expect(community).toBeVisible({ timeout: 20_000 });
      await expect(upcoming.getByText(event.title)).toHaveCount(0);
      // Past is latest first: starting in ten days, it heads the column.
      const row = community
        .getByRole('list', { name: `Past events of ${event.communityName}` })
        .getByRole('listitem')
        .filter({ hasText: event.title });
      await expect(row).toContainText('Cancelled · 0 were attending');
      await expect(row).not.toContainText(/capacity|no limit/);
    } finally {
      await cancelQuietly(event.id);
    }
  });

  test('with one of two places full, "Attend in person" still asks, showing the full place marked full', async ({
    page,
  }) => {
    const event = await createEvent({
      locations: [
        { cityName: 'Berlin', address: 'Alexanderplatz 1', online: 'No', capacity: 1 },
        { cityName: 'Munich', address: 'Marienplatz 2', online: 'No', capacity: 5 },
        { cityName: 'Teams', address: null, online: 'Yes' },
      ],
    });
    try {
      const berlin = event.locations.find((l) => l.cityName === 'Berlin')!;
      expect(
        (await staff.call('PUT', `api/events/${event.id}/attendance`, { eventLocationId: berlin.eventLocationId }))
          .status,
      ).toBe(200);
      await page.setViewportSize({ width: 390, height: 844 });
      await loginAs(page, 'external@hub.test');
      await openEvent(page, event);
      await attendPanel(page).getByRole('button', { name: 'Attend in person' }).click();
      const dialog = picker(page);
      const select = dialog.getByRole('combobox', { name: /Event Location/ });
      await expect(select.locator('option[disabled]:not([value=""])')).toHaveText(['Berlin: Alexanderplatz 1 (full)']);
      await expect(select.locator('option:not([disabled])')).toHaveText(['Munich: Marienplatz 2']);
      await expect(dialog).toContainText('Berlin is full.');
      // On a phone the select fits in the dialog (it was cut off on the right).
      const [box, surface] = [await select.boundingBox(), await dialog.boundingBox()];
      expect(box!.x + box!.width).toBeLessThanOrEqual(surface!.x + surface!.width);
      await select.selectOption({ label: 'Munich: Marienplatz 2' });
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(attendPanel(page).getByText("You're going")).toBeVisible();
      await expect(attendPanel(page).getByText('Munich, Marienplatz 2')).toBeVisible();
    } finally {
      await external.call('DELETE', `api/events/${event.id}/attendance`);
      await staff.call('DELETE', `api/events/${event.id}/attendance`);
      await cancelQuietly(event.id);
    }
  });

  test('Withdraw: no "Withdrawing…" behind the confirmation; focus returns after Esc and moves on after Yes', async ({
    page,
  }) => {
    const event = await createEvent({ locations: [{ cityName: 'Ghent', address: 'Korenmarkt 1', online: 'No' }] });
    try {
      expect(
        (
          await external.call('PUT', `api/events/${event.id}/attendance`, {
            eventLocationId: event.locations[0]!.eventLocationId,
          })
        ).status,
      ).toBe(200);
      await loginAs(page, 'external@hub.test');
      await openEvent(page, event);
      const withdraw = attendPanel(page).getByRole('button', { name: 'Withdraw' });
      await withdraw.focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Withdraw from this event?' });
      await expect(confirm).toBeVisible();
      await expect(attendPanel(page).getByText('Withdrawing…')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(withdraw).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(attendPanel(page).getByRole('button', { name: 'Attend', exact: true })).toBeFocused();
    } finally {
      await external.call('DELETE', `api/events/${event.id}/attendance`);
      await cancelQuietly(event.id);
    }
  });

  test('the lead cancels with a note: no "Cancelling…" behind the confirmation, focus kept, the page then says when and why', async ({
    page,
  }) => {
    const event = await createEvent({ locations: [{ cityName: 'Bruges', address: 'Markt 1', online: 'No' }] });
    try {
      await loginAs(page, 'lead@hub.test');
      await openEvent(page, event);
      await main(page)
        .getByRole('textbox', { name: /Note for attendees/ })
        .fill('Venue flooded; see you next month.');
      const cancel = main(page).getByRole('button', { name: 'Cancel event' });
      await cancel.click();
      const confirm = page.getByRole('dialog', { name: `Cancel ${event.title}?` });
      await expect(confirm).toBeVisible();
      await expect(main(page).getByText('Cancelling…')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(cancel).toBeFocused();

      await cancel.click();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      const heading = main(page).getByRole('heading', { name: 'This event has been cancelled' });
      await expect(heading).toBeFocused();
      await expect(main(page)).toContainText('Venue flooded; see you next month.');
      expect(await focusedText(page)).toBe('This event has been cancelled');
      await page.reload();
      await expect(main(page).getByText(/Cancelled on/)).toBeVisible({ timeout: 20_000 });
    } finally {
      await cancelQuietly(event.id);
    }
  });
});
