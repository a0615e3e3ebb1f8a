import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import type { AdminUserPage } from '@hub/contract/admin';
import type { CommunityDetail } from '@hub/contract/community';
import { CommunityBaseId } from '@hub/contract/enums';
import type { EventDetail, EventInput } from '@hub/contract/events';
import type { MyDataExport } from '@hub/contract/my-data';
import { parseCalendar } from '../../api/test/helpers/ical';
import { readMemberCount } from '../support/communities';
import { attendeeCount, attendPanel, openEvent } from '../support/events';
import { ApiUser, callApi, publicApi } from '../support/hub-api';
import {
  createSignedUpAccount,
  expectLoggedOut,
  firebaseSessionKeys,
  passwordAccepted,
  storedDraftKeys,
  storedQueryEntries,
  storedQueryText,
  submitLogin,
  uniqueEmail,
  webStorageText,
} from '../support/identity';
import { demoPassword, idTokenOf, loginAs } from '../support/login';
import { main, remoteArea } from '../support/site';

/**
 * Issue 28's data rights on the real stack (Auth emulator, API, Chromium; nothing stubbed): a new
 * person with a membership, a core-member seat and two attendances (one of an event that has
 * ended) downloads their data from My account and reads both files; deletes their account and can
 * no longer sign in, while the counts others see are right and the browser keeps nothing of them;
 * an admin deletes another new person from the users screen, and the audit log names both by a
 * pseudonym only. Everything is made for this spec (the demo accounts other specs use are untouched)
 * and removed afterwards.
 */
const WORD = `Rightsdata${Date.now().toString(36)}`;
const admin = new ApiUser('admin@hub.test');
const person = { email: uniqueEmail('mydata'), password: demoPassword, firstName: 'Rita', lastName: `${WORD}r` };
const other = { email: uniqueEmail('deleted'), password: demoPassword, firstName: 'Otto', lastName: `${WORD}o` };
let community: CommunityDetail;
let upcoming: EventDetail;
let ended: EventDetail;

const day = 86_400_000;
/** A whole minute `days` from now: calendar files keep whole seconds. */
const minuteIn = (days: number) => Math.floor((Date.now() + days * day) / 60_000) * 60_000;
/** The login screen's refusal (remote-account/src/pages/login): the same as for a wrong password. */
const wrongCredentials = 'We could not log you in with this e-mail address and password.';

function eventInput(title: string, startsAt: number, place: { cityName: string; address: string }): EventInput {
  return {
    communityId: community.id,
    title,
    description: '',
    imageUrl: '',
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + 2 * 3_600_000).toISOString(),
    timeZone: 'Europe/Brussels',
    capacity: null,
    locations: [{ ...place, online: 'No' }],
  };
}

async function expectOk<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  expect(status, `${what}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body;
}

test.beforeAll(async () => {
  const country = (await publicApi.countries())[0]!;
  community = await admin.createCommunity({
    name: `${WORD} circle`,
    description: '',
    imageUrl: '',
    countryId: country.id,
    communityBaseId: CommunityBaseId.Community,
  });
  const soon = minuteIn(5);
  upcoming = await expectOk(
    admin.call<EventDetail>(
      'POST',
      'api/events',
      eventInput(`${WORD} upcoming`, soon, { cityName: 'Ghent', address: 'Korenmarkt 1' }),
    ),
    'the upcoming event',
  );
  // Attended while it is still to come, then moved into the past by its organiser: the cheap way
  // to an attendance of an event that has ended (attending one that has is refused).
  const endedInput = eventInput(`${WORD} ended`, soon, { cityName: 'Bruges', address: 'Markt 7' });
  ended = await expectOk(admin.call<EventDetail>('POST', 'api/events', endedInput), 'the event to end');

  for (const account of [person, other]) await createSignedUpAccount(account);
  const rita = new ApiUser(person.email);
  await rita.setMembership(community.id, true);
  await admin.ensureCoreMember(community.id, person.email);
  for (const event of [upcoming, ended]) {
    await expectOk(
      rita.call('PUT', `api/events/${event.id}/attendance`, { eventLocationId: event.locations[0]!.eventLocationId }),
      `attending ${event.title}`,
    );
  }
  const past = minuteIn(-3);
  ended = await expectOk(
    admin.call<EventDetail>('PUT', `api/events/${ended.id}`, {
      ...endedInput,
      startsAt: new Date(past).toISOString(),
      endsAt: new Date(past + 2 * 3_600_000).toISOString(),
      locations: ended.locations.map(({ eventLocationId, cityName, address, online }) => ({
        eventLocationId,
        cityName,
        address,
        online,
      })),
    }),
    'moving the event into the past',
  );
  await new ApiUser(other.email).setMembership(community.id, true);
});

test.afterAll(async () => {
  // A run that failed half-way leaves no account behind (a deleted one is in no list).
  for (const { email } of [person, other]) {
    const found = await admin.call<AdminUserPage>('GET', `api/admin/users?q=${encodeURIComponent(email)}`);
    for (const user of found.status === 200 ? found.body.items : [])
      await admin.call('DELETE', `api/admin/users/${user.id}`);
  }
  if (community) await admin.deleteCommunity(community.id);
});

/** Every download the page starts from now on. */
function collectDownloads(page: Page): Download[] {
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  return downloads;
}

async function fileOf(downloads: Download[], suffix: string): Promise<string> {
  const download = downloads.find((d) => d.suggestedFilename().endsWith(suffix));
  expect(download, `a download named *${suffix}`).toBeDefined();
  return readFile(await download!.path(), 'utf8');
}

test.describe.serial('people’s data in their own hands', () => {
  test.describe.configure({ timeout: 120_000 });

  test('My account: Download my data gives the JSON and the .ics of what the test made; Delete my account leaves no way back in, right counts, and nothing in the browser', async ({
    page,
  }) => {
    await loginAs(page, person.email, { password: person.password });
    const oldToken = await idTokenOf(person.email, person.password);

    // What others see with them in it.
    await page.goto(`/community/${community.id}`);
    const membersBefore = await readMemberCount(page);
    await openEvent(page, upcoming);
    await expect(attendPanel(page).getByText("You're going")).toBeVisible();
    await expect(attendeeCount(page)).toHaveText('1 attending');

    // A half-written event (they are a core member): a draft on this device.
    await page.goto(`/event-form`);
    const form = remoteArea(page, 'events').getByRole('form', { name: 'Event details' });
    await form.getByRole('textbox', { name: /^Title/ }).fill(`${WORD} draft`);
    await expect.poll(() => storedDraftKeys(page)).toHaveLength(1);

    // Leaving the form by a full load: the browser's own leave prompt, accepted.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/my-account');
    const downloadButton = main(page).getByRole('button', { name: 'Download my data' });
    await expect(downloadButton).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => storedQueryText(page), { timeout: 10_000 }).toContain(person.email);
    // The pages read (offered offline) name the events they opened.
    expect(await webStorageText(page)).toContain(upcoming.title);

    const downloads = collectDownloads(page);
    await downloadButton.click();
    await expect(main(page).getByText('Your data was downloaded')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => downloads.length).toBe(2);

    const data = JSON.parse(await fileOf(downloads, '.json')) as MyDataExport;
    expect(data.profile).toMatchObject({ email: person.email, firstName: person.firstName, lastName: person.lastName });
    expect(data.memberships).toContainEqual(
      expect.objectContaining({ communityId: community.id, community: community.name }),
    );
    expect(data.coreMemberSeats).toContainEqual(expect.objectContaining({ communityId: community.id }));
    const attended = data.attendances.map((a) => ({ ...a, startsAt: Date.parse(a.startsAt) }));
    expect(attended).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          eventId: upcoming.id,
          event: upcoming.title,
          status: 'attending',
          startsAt: Date.parse(upcoming.startsAt),
          place: { cityName: 'Ghent', address: 'Korenmarkt 1', online: false },
        }),
        expect.objectContaining({
          eventId: ended.id,
          event: ended.title,
          status: 'attending',
          startsAt: Date.parse(ended.startsAt),
          place: { cityName: 'Bruges', address: 'Markt 7', online: false },
        }),
      ]),
    );
    expect(attended).toHaveLength(2);
    expect(Date.parse(ended.endsAt)).toBeLessThan(Date.now());

    const calendar = parseCalendar(await fileOf(downloads, '.ics'));
    const vevents = calendar.events.map((e) => ({
      uid: e.uid.split('@')[0],
      summary: e.summary,
      start: Date.parse(e.start),
    }));
    expect(vevents).toEqual(
      expect.arrayContaining([
        { uid: `event-${upcoming.id}`, summary: upcoming.title, start: Date.parse(upcoming.startsAt) },
        { uid: `event-${ended.id}`, summary: ended.title, start: Date.parse(ended.startsAt) },
      ]),
    );
    expect(vevents).toHaveLength(2);

    // Delete my account: the confirm says what happens.
    await main(page).getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(confirm).toContainText('This cannot be undone.');
    await expect(confirm).toContainText('Your sign-in is deleted: you cannot sign in with it again.');
    await expect(confirm).toContainText('You are taken off the events you signed up for');
    await expect(confirm).toContainText('Events that have ended keep counting you, as an anonymous number.');
    await expect(confirm).toContainText('You leave your communities');
    await expect(confirm).toContainText('The saved data of this site on this device is cleared');
    await confirm.getByRole('button', { name: 'Delete my account' }).click();

    // Signed out, at the home page, and nothing of theirs left in this browser.
    await expect(page).toHaveURL(/:\d+\/$/, { timeout: 20_000 });
    await expectLoggedOut(page);
    expect(await firebaseSessionKeys(page)).toEqual([]);
    expect(await storedQueryEntries(page)).toEqual([]);
    expect(await storedQueryText(page)).not.toContain(person.email);
    expect(await storedDraftKeys(page)).toEqual([]);
    const storage = await webStorageText(page);
    for (const trace of [person.email, WORD]) expect(storage).not.toContain(trace);

    // The same e-mail and password are refused with the product's message; the old token too.
    await page.goto('/account/login');
    await submitLogin(page, person.email, person.password);
    const refusal = main(page).getByRole('alert');
    await expect(refusal).toContainText('Wrong e-mail or password', { timeout: 20_000 });
    await expect(refusal).toContainText(wrongCredentials);
    await expectLoggedOut(page);
    expect((await callApi('GET', 'api/user', { token: oldToken })).status).toBe(401);

    // The counts as anyone sees them: the upcoming event lost them, the ended one still counts them.
    await openEvent(page, upcoming);
    await expect(attendeeCount(page)).toHaveText('0 attending');
    await openEvent(page, ended);
    await expect(attendeeCount(page)).toHaveText('1 attending');
    await page.goto(`/community/${community.id}`);
    await expect.poll(() => readMemberCount(page)).toBe(membersBefore - 1);
  });

  test('the organiser sees the right counts and no name; an admin deletes another person from the users screen; the audit log names both by a pseudonym', async ({
    page,
  }) => {
    await loginAs(page, 'admin@hub.test');
    const attendees = (p: Page) =>
      main(p).getByRole('table', { name: 'Attendees' }).or(main(p).getByText('Nobody is attending yet.'));
    await openEvent(page, upcoming);
    await expect(attendeeCount(page)).toHaveText('0 attending');
    await expect(attendees(page)).toBeVisible();
    await expect(main(page).getByText('Nobody is attending yet.')).toBeVisible();
    await openEvent(page, ended);
    await expect(attendeeCount(page)).toHaveText('1 attending');
    await expect(attendees(page)).toBeVisible();
    await expect(main(page)).not.toContainText(person.email);
    await expect(main(page)).not.toContainText(person.lastName);

    await page.goto('/admin-dashboard?view=users');
    const search = main(page).getByRole('searchbox', { name: 'Search by name or e-mail' });
    const grid = main(page).getByRole('grid', { name: 'Users' });
    const rowOf = (email: string) => grid.getByRole('row').filter({ hasText: email });
    await search.fill(other.email);
    await expect(rowOf(other.email)).toHaveCount(1, { timeout: 20_000 });
    const name = `${other.firstName} ${other.lastName}`;
    await rowOf(other.email)
      .getByRole('button', { name: `Delete account of ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Delete the account of ${name}?` });
    await expect(confirm).toContainText('their sign-in is deleted');
    await expect(confirm).toContainText('names them by a pseudonym');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
    await expect(main(page).getByText('No user matches')).toBeVisible();
    // Neither of the two deleted accounts is found by the name they had.
    await search.fill('');
    await expect(grid).toBeVisible();
    await search.fill(WORD);
    await expect(main(page).getByText('No user matches')).toBeVisible();
    expect(await passwordAccepted(other.email, other.password)).toBe(false);

    await main(page).getByRole('tab', { name: 'Audit log' }).click();
    const log = main(page).getByRole('table', { name: 'Audit log' });
    const deletions = log.getByRole('row').filter({ hasText: 'Account deleted' });
    await expect(deletions.first()).toContainText(/Deleted the account of Deleted account [0-9a-f]{8}/);
    await expect(deletions.first()).toContainText('Admin, Ada');
    await expect(log).toContainText(/Deleted account [0-9a-f]{8} was deleted by its owner/);
    // The row that named the person before (their seat) names the pseudonym now.
    await expect(log).toContainText(
      new RegExp(`Appointed Deleted account [0-9a-f]{8} core member of ${community.name}`),
    );
    for (const text of [other.email, other.lastName, person.email, person.lastName]) {
      await expect(log).not.toContainText(text);
    }
  });
});
