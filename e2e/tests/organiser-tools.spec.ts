import { expect, test, type Page } from '@playwright/test';
import type { EventDetail, EventInput } from '@hub/contract/events';
import { CommunityBaseId } from '@hub/contract/enums';
import { ApiUser, callApi, publicApi, seededCommunity, uniqueName } from '../support/hub-api';
import { loginAs } from '../support/login';
import { mainNav, remoteArea } from '../support/site';

/**
 * Issue 27's organiser tools on the real stack: Copy event from the organiser panel (a new event
 * from an existing one, dates cleared, the end following the start), the leave-form prompt (the
 * Fluent dialog on a link, the draft kept over a reload) and an admin archiving and restoring a
 * community from its page (out of the list and back).
 */
const lead = new ApiUser('lead@hub.test');
const admin = new ApiUser('admin@hub.test');

const eventForm = (page: Page) => remoteArea(page, 'events').getByRole('form', { name: 'Event details' });

async function typeInto(page: Page, name: RegExp, text: string) {
  const field = eventForm(page).getByRole('combobox', { name });
  await field.fill(text);
  await field.press('Tab');
}

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('organiser tools', () => {
  test.describe.configure({ timeout: 120_000 });
  const created: number[] = [];
  test.afterAll(async () => {
    for (const id of created) await lead.call('POST', `api/events/${id}/cancel`);
  });

  test('Copy event on the organiser panel starts a new event from it, dates cleared, the end following the start', async ({
    page,
  }) => {
    const guild = await seededCommunity(CommunityBaseId.Community, 'Cloud Native Guild');
    const title = uniqueName('E2E Copy Source');
    const source: EventInput = {
      communityId: guild.id,
      title,
      description: 'Copied **as is**',
      imageUrl: '',
      startsAt: `${dayFromNow(30)}T16:00:00.000Z`,
      endsAt: `${dayFromNow(30)}T18:00:00.000Z`,
      timeZone: 'Europe/Amsterdam',
      capacity: 25,
      locations: [{ cityName: 'Utrecht', address: 'Papendorpseweg 100', online: 'No', capacity: null, joinUrl: null }],
      reminders: { dayBefore: true, hourBefore: false },
    };
    const made = await lead.call<EventDetail>('POST', 'api/events', source);
    expect(made.status).toBe(201);
    created.push(made.body.id);

    await loginAs(page, 'lead@hub.test');
    await page.goto(`/events/${made.body.id}`);
    const panel = page.getByRole('region', { name: 'Organisers' });
    await expect(panel.getByRole('link', { name: 'Attendees and check-in' })).toHaveAttribute(
      'href',
      `/manage?event=${made.body.id}`,
      { timeout: 20_000 },
    );
    await panel.getByRole('link', { name: 'Copy event' }).click();
    await expect(page).toHaveURL(new RegExp(`/event-form\\?copy=${made.body.id}$`));
    const form = eventForm(page);
    await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue(title, { timeout: 20_000 });
    await expect(form.getByRole('combobox', { name: /^Start date/ })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: /^City/ })).toHaveValue('Utrecht');

    await typeInto(page, /^Start date/, dayFromNow(60));
    await typeInto(page, /^Start time/, '18:00');
    // The end follows: the same day, an hour later.
    await expect(form.getByRole('combobox', { name: /^End time/ })).toHaveValue('19:00');
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect(page).toHaveURL(/\/events\/\d+$/, { timeout: 20_000 });
    const copyId = Number(new URL(page.url()).pathname.split('/').at(-1));
    created.push(copyId);
    expect(copyId).not.toBe(made.body.id);
    const copy = (await callApi<EventDetail>('GET', `api/events/${copyId}`)).body;
    expect(copy).toMatchObject({
      title,
      description: source.description,
      capacity: 25,
      timeZone: 'Europe/Amsterdam',
      reminders: { dayBefore: true, hourBefore: false },
    });
    expect(Date.parse(copy.endsAt) - Date.parse(copy.startsAt)).toBe(3_600_000);
    expect(copy.locations.map((l) => l.cityName)).toEqual(['Utrecht']);
  });

  test('leaving a half-filled form asks first; its draft survives a reload; Discard and leave forgets it', async ({
    page,
  }) => {
    await loginAs(page, 'lead@hub.test');
    await page.goto('/event-form');
    const form = eventForm(page);
    const title = uniqueName('E2E Draft');
    await form.getByRole('textbox', { name: /^Title/ }).fill(title);

    await mainNav(page).getByRole('link', { name: 'Communities' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/event-form$/);

    // A reload is the browser's own prompt (accepted here); the draft comes back.
    const prompts: string[] = [];
    page.on('dialog', (d) => {
      prompts.push(d.type());
      void d.accept();
    });
    await page.reload();
    expect(prompts, "Chromium's own leave prompt").toEqual(['beforeunload']);
    await expect(page.getByText('Draft restored')).toBeVisible({ timeout: 20_000 });
    await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);

    await mainNav(page).getByRole('link', { name: 'Communities' }).click();
    await dialog.getByRole('button', { name: 'Discard and leave' }).click();
    await expect(page).toHaveURL(/\/communities$/);
    await page.goto('/event-form');
    await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue('', { timeout: 20_000 });
    await expect(page.getByText('Draft restored')).toHaveCount(0);
  });

  test('an admin archives a community from its page (out of the list) and restores it', async ({ page }) => {
    const country = (await publicApi.countries())[0]!;
    const community = await admin.createCommunity({
      name: uniqueName('E2E Archive Guild'),
      description: '',
      imageUrl: '',
      countryId: country.id,
      communityBaseId: CommunityBaseId.Community,
    });
    try {
      await loginAs(page, 'admin@hub.test');
      await page.goto(`/community/${community.id}`);
      const area = remoteArea(page, 'communities');
      // Exact: the Join button's name carries the community's, which has "Archive" in it.
      await area.getByRole('button', { name: 'Archive', exact: true }).click({ timeout: 20_000 });
      const confirm = page.getByRole('dialog', { name: `Archive ${community.name}?` });
      await expect(confirm).toContainText('members, core members, events and their attendees are kept');
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(area.getByText('Archived', { exact: true })).toBeVisible();
      expect((await publicApi.communitiesOfBase(CommunityBaseId.Community)).some((c) => c.id === community.id)).toBe(
        false,
      );

      await area.getByRole('button', { name: 'Restore', exact: true }).click();
      await page
        .getByRole('dialog', { name: `Restore ${community.name}?` })
        .getByRole('button', { name: 'Yes' })
        .click();
      await expect(area.getByText('Archived', { exact: true })).toHaveCount(0);
      await expect(area.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();
      expect((await publicApi.communitiesOfBase(CommunityBaseId.Community)).some((c) => c.id === community.id)).toBe(
        true,
      );
    } finally {
      await admin.deleteCommunity(community.id);
    }
  });
});
