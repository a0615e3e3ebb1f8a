import { expect, test, type Page } from '@playwright/test';
import type { EventViewerInfo } from '@hub/contract/events';
import { seriousViolations } from '../support/axe';
import { withWaitingList } from '../support/control';
import {
  attendPanel,
  attendeeCount,
  cancelQuietly,
  createEvent,
  mailsFor,
  openEvent,
  seatsLeft,
} from '../support/events';
import { ApiUser } from '../support/hub-api';
import { loginAs } from '../support/login';
import { expectSameDocument, main, markDocument } from '../support/site';

/**
 * Issue 11's attendance on the event page (remote-events/src/pages/event-detail), on the real
 * stack: the location picker (SPEC §2/§5), withdraw, a full event, the waiting list (API restarted
 * with HUB_WAITING_LIST on for that test only), anonymous Attend → login → back, the lead's Cancel
 * event, and axe. Every test makes its own events through the API, so runs do not depend on each other.
 */
const external = new ApiUser('external@hub.test');
const staff = new ApiUser('staff@hub.test');
const admin = new ApiUser('admin@hub.test');

const picker = (page: Page) => page.getByRole('dialog', { name: 'Where will you be attending?' });
const viewerOf = async (user: ApiUser, id: number) =>
  (await user.call<EventViewerInfo>('GET', `api/events/${id}/me`)).body;

test.describe('attending an event', () => {
  test.describe.configure({ timeout: 120_000 });

  test('external@hub.test attends through the picker (Cancel changes nothing), My hub lists it, it survives reload, and withdraws', async ({
    page,
  }) => {
    const event = await createEvent({
      capacity: 30,
      locations: [
        { cityName: 'Amsterdam', address: 'Herengracht 1', online: 'No' },
        { cityName: 'Utrecht', address: 'Domplein 2', online: 'No' },
      ],
    });
    try {
      await loginAs(page, 'external@hub.test');
      await openEvent(page, event);
      await expect(attendeeCount(page)).toHaveText('0 attending');
      await expect(seatsLeft(page)).toHaveText('30 seats left');

      // Cancel in the picker: nothing changes, nothing is sent.
      await markDocument(page);
      await attendPanel(page).getByRole('button', { name: 'Attend', exact: true }).click();
      const dialog = picker(page);
      await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
      await expect(
        dialog.getByRole('combobox', { name: /Event Location/ }).locator('option:not([disabled])'),
      ).toHaveText(['Amsterdam: Herengracht 1', 'Utrecht: Domplein 2']);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(attendeeCount(page)).toHaveText('0 attending');
      expect((await viewerOf(external, event.id)).status).toBe('none');

      // Confirm: attending at Utrecht; the count and seats left change in place.
      await attendPanel(page).getByRole('button', { name: 'Attend', exact: true }).click();
      await dialog.getByRole('combobox', { name: /Event Location/ }).selectOption({ label: 'Utrecht: Domplein 2' });
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(attendPanel(page).getByText("You're going")).toBeVisible();
      await expect(attendPanel(page).getByText('Utrecht, Domplein 2')).toBeVisible();
      await expect(attendeeCount(page)).toHaveText('1 attending');
      await expect(seatsLeft(page)).toHaveText('29 seats left');
      await expectSameDocument(page);

      // My hub lists it, and it survives a reload.
      await page.goto('/my-hub');
      await expect(main(page).getByRole('link', { name: event.title })).toBeVisible({ timeout: 20_000 });
      await openEvent(page, event);
      await page.reload();
      await expect(attendPanel(page).getByText("You're going")).toBeVisible({ timeout: 20_000 });
      await expect(attendeeCount(page)).toHaveText('1 attending');

      // Withdraw, after the confirmation.
      await attendPanel(page).getByRole('button', { name: 'Withdraw' }).click();
      const confirm = page.getByRole('dialog', { name: 'Withdraw from this event?' });
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(attendPanel(page).getByRole('button', { name: 'Attend', exact: true })).toBeVisible();
      await expect(attendeeCount(page)).toHaveText('0 attending');
      await expect(seatsLeft(page)).toHaveText('30 seats left');
      expect((await viewerOf(external, event.id)).status).toBe('none');
    } finally {
      await external.call('DELETE', `api/events/${event.id}/attendance`);
      await cancelQuietly(event.id);
    }
  });

  test('a full event says so, and an Attend that lost the last seat is refused with its message', async ({ page }) => {
    const event = await createEvent({
      capacity: 1,
      locations: [{ cityName: 'Paris', address: 'Rue de Rivoli 1', online: 'No' }],
    });
    try {
      await loginAs(page, 'external@hub.test');
      await openEvent(page, event);
      await expect(seatsLeft(page)).toHaveText('1 seat left');
      // Somebody else takes the last seat while the page is open.
      const taken = await admin.call('PUT', `api/events/${event.id}/attendance`, {
        eventLocationId: event.locations[0]!.eventLocationId,
      });
      expect(taken.status).toBe(200);
      await attendPanel(page).getByRole('button', { name: 'Attend', exact: true }).click();
      const alert = page.getByRole('alertdialog');
      await expect(alert).toContainText('Could not attend this event');
      await expect(alert).toContainText('This event is full');
      await alert.getByRole('button', { name: 'Ok' }).click();
      // The page now shows the event as it is: full, without an Attend button.
      await expect(attendPanel(page).getByText('This event is full')).toBeVisible();
      await expect(seatsLeft(page)).toHaveText('Full');
      await expect(attendPanel(page).getByRole('button', { name: 'Attend', exact: true })).toHaveCount(0);
    } finally {
      await admin.call('DELETE', `api/events/${event.id}/attendance`);
      await cancelQuietly(event.id);
    }
  });

  test('with the waiting list on, a second user waits and is promoted (and told by mail) when the first withdraws', async ({
    page,
  }) => {
    await withWaitingList(async () => {
      const event = await createEvent({
        capacity: 1,
        locations: [{ cityName: 'Lyon', address: 'Place Bellecour 1', online: 'No' }],
      });
      try {
        const first = await staff.call('PUT', `api/events/${event.id}/attendance`, {
          eventLocationId: event.locations[0]!.eventLocationId,
        });
        expect(first.status).toBe(200);
        const mailsBefore = (await mailsFor('external@hub.test')).length;

        await loginAs(page, 'external@hub.test');
        await openEvent(page, event);
        await expect(attendPanel(page).getByText('This event is full')).toBeVisible();
        await attendPanel(page).getByRole('button', { name: 'Join the waiting list' }).click();
        await expect(attendPanel(page).getByText('On the waiting list', { exact: true })).toBeVisible();
        await expect(attendPanel(page).getByText(/You are number 1 on the waiting list/)).toBeVisible();

        // The first attendee withdraws: the first one waiting gets the seat, and an e-mail.
        expect((await staff.call('DELETE', `api/events/${event.id}/attendance`)).status).toBe(200);
        await page.reload();
        await expect(attendPanel(page).getByText("You're going")).toBeVisible({ timeout: 20_000 });
        await expect
          .poll(
            async () =>
              (await mailsFor('external@hub.test'))
                .slice(mailsBefore)
                .map((m) => m.text)
                .join('\n'),
            {
              timeout: 20_000,
            },
          )
          .toContain(event.title);
      } finally {
        await external.call('DELETE', `api/events/${event.id}/attendance`);
        await staff.call('DELETE', `api/events/${event.id}/attendance`);
        await cancelQuietly(event.id);
      }
    });
  });

  test('an anonymous visitor who presses Attend logs in and comes back attending', async ({ page }) => {
    const event = await createEvent({
      capacity: 10,
      locations: [{ cityName: 'Berlin', address: 'Unter den Linden 1', online: 'No' }],
    });
    try {
      await openEvent(page, event);
      await attendPanel(page).getByRole('button', { name: 'Attend', exact: true }).click();
      await expect(page).toHaveURL(/\/account\/login$/);
      await loginAs(page, 'external@hub.test');
      await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
      await expect(attendPanel(page).getByText("You're going")).toBeVisible({ timeout: 20_000 });
      await expect(attendeeCount(page)).toHaveText('1 attending');
      expect((await viewerOf(external, event.id)).status).toBe('attending');
    } finally {
      await external.call('DELETE', `api/events/${event.id}/attendance`);
      await cancelQuietly(event.id);
    }
  });

  test('the lead cancels an event from its page, after a confirmation that says attendees will be told', async ({
    page,
  }) => {
    const event = await createEvent({ locations: [{ cityName: 'Madrid', address: 'Gran Vía 1', online: 'No' }] });
    try {
      await external.call('PUT', `api/events/${event.id}/attendance`, {
        eventLocationId: event.locations[0]!.eventLocationId,
      });
      await loginAs(page, 'lead@hub.test');
      await openEvent(page, event);
      // The organisers' part: Edit, Cancel event and the attendee list.
      await expect(main(page).getByRole('link', { name: 'Edit' })).toHaveAttribute(
        'href',
        `/event-form/edit/${event.id}`,
      );
      await expect(main(page).getByRole('table', { name: 'Attendees' })).toContainText('external@hub.test');
      await main(page).getByRole('button', { name: 'Cancel event' }).click();
      const confirm = page.getByRole('dialog', { name: `Cancel ${event.title}?` });
      await expect(confirm).toContainText('will be told by e-mail');
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(main(page).getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(attendPanel(page).getByText('This event has been cancelled')).toBeVisible();
      await page.reload();
      await expect(attendPanel(page).getByText('This event has been cancelled')).toBeVisible({ timeout: 20_000 });
    } finally {
      await external.call('DELETE', `api/events/${event.id}/attendance`);
      await cancelQuietly(event.id);
    }
  });

  test('the event page has no serious or critical axe violations (anonymous, and attending with the picker open)', async ({
    page,
  }) => {
    const event = await createEvent({
      description: '## Agenda\n\n- Talks\n- [Slides](https://example.org)',
      locations: [
        { cityName: 'Rome', address: 'Via del Corso 1', online: 'No' },
        { cityName: 'Milan', address: 'Via Torino 2', online: 'No' },
        { cityName: 'Teams', address: null, online: 'Yes', joinUrl: 'https://teams.example.org/meet/1' },
      ],
    });
    try {
      await openEvent(page, event);
      await expect(main(page).getByRole('heading', { name: 'Agenda' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await loginAs(page, 'external@hub.test');
      await openEvent(page, event);
      await attendPanel(page).getByRole('button', { name: 'Attend in person' }).click();
      await expect(picker(page)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await picker(page).getByRole('button', { name: 'Cancel' }).click();
      await attendPanel(page).getByRole('button', { name: 'Attend online' }).click();
      // The join link is there for an attendee only.
      await expect(main(page).getByRole('link', { name: /Join online/ })).toHaveAttribute(
        'href',
        'https://teams.example.org/meet/1',
      );
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await external.call('DELETE', `api/events/${event.id}/attendance`);
      await cancelQuietly(event.id);
    }
  });
});
