import { expect, test } from '@playwright/test';
import type { EventDetail } from '@hub/contract/events';
import { ApiUser, callApi } from '../support/hub-api';
import { mailInbox } from '../support/identity';
import { loginAs } from '../support/login';
import { main } from '../support/site';

/**
 * Issue 28 on the real stack, nothing stubbed: the lead of a members-only community makes its
 * invitation link on the community's page and copies it; an external user who opens it is sent to
 * sign in and brought back to it, sees the community's face, "Members only" and who can see it, and
 * asks to join; the lead hears of it by mail and approves on the page; the user gets the mail (read
 * from the real mail catcher) and now sees the community and its members-only event, which were a
 * "not found" before. The community is made for this spec and deleted afterwards.
 */
const WORD = `Quokkacircle${Date.now().toString(36)}`;
const NAME = `${WORD} circle`;
const admin = new ApiUser('admin@hub.test');
const external = new ApiUser('external@hub.test');
let communityId = 0;
let event: EventDetail;

test.beforeAll(async () => {
  const community = await admin.createCommunity({
    name: NAME,
    description: 'Client work we cannot talk about in public.',
    imageUrl: '',
    countryId: 1,
    communityBaseId: 1,
    visibility: 'members',
  });
  communityId = community.id;
  await admin.ensureCoreMember(communityId, 'lead@hub.test', true);
  const starts = Date.now() + 5 * 86_400_000;
  const answer = await callApi<EventDetail>('POST', 'api/events', {
    token: await admin.idToken(),
    json: {
      communityId,
      title: `${WORD} roundtable`,
      description: '',
      imageUrl: '',
      startsAt: new Date(starts).toISOString(),
      endsAt: new Date(starts + 3_600_000).toISOString(),
      timeZone: 'Europe/Amsterdam',
      capacity: null,
      locations: [{ cityName: 'Online', address: null, online: 'Yes' }],
      visibility: 'members',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  event = answer.body;
});

test.afterAll(async () => {
  if (communityId) await admin.deleteCommunity(communityId);
});

test("a members-only community's join request, approved by its lead", async ({ browser }) => {
  test.setTimeout(120_000);
  // Not a member yet: the community and its event are "not found".
  expect((await external.call('GET', `api/community/${communityId}`)).status).toBe(404);
  expect((await external.call('GET', `api/events/${event.id}`)).status).toBe(404);

  // The lead makes the link on the community's page and copies it.
  const leadContext = await browser.newContext();
  const leadPage = await leadContext.newPage();
  await loginAs(leadPage, 'lead@hub.test');
  await leadPage.goto(`/community/${communityId}`);
  await expect(main(leadPage).getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(main(leadPage)).toContainText('Only its members and core members (and admins) can find and see it.');
  const panel = main(leadPage).getByRole('region', { name: 'Invitation and requests' });
  await expect(panel).toContainText('There is no invitation link yet');
  await panel.getByRole('radio', { name: /Asks to join/ }).check();
  await panel.getByRole('button', { name: 'Make the link' }).click();
  const link = await panel.getByRole('textbox', { name: 'The invitation link (shown this once)' }).inputValue();
  expect(link).toMatch(/\/community-invitation\/[A-Za-z0-9_-]{43}$/);

  // The external user opens it, signs in, comes back to it and asks.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.goto(new URL(link).pathname);
  await expect(userPage).toHaveURL(/\/account\/login/);
  await loginAs(userPage, 'external@hub.test');
  await expect(userPage).toHaveURL(new RegExp(`${new URL(link).pathname}$`));
  await expect(main(userPage).getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(main(userPage)).toContainText('Members only');
  await expect(main(userPage)).toContainText('Others join through an invitation link its core members share.');
  await main(userPage).getByRole('button', { name: 'Ask to join' }).click();
  await expect(main(userPage).getByText('You asked to join')).toBeVisible();

  // The lead gets a mail, and approves on the page.
  const inbox = mailInbox();
  await inbox.waitFor({ to: 'lead@hub.test', subject: `Eve External asks to join ${NAME}`, timeoutMs: 30_000 });
  await leadPage.reload();
  const row = main(leadPage)
    .getByRole('list', { name: `Requests to join ${NAME}` })
    .getByRole('listitem')
    .filter({ hasText: 'external@hub.test' });
  await row.getByRole('button', { name: 'Approve Eve External' }).click();
  await expect(row).toHaveCount(0);

  // The user gets the mail, and now sees the community and its members-only event.
  const [welcome] = await inbox.waitFor({
    to: 'external@hub.test',
    subject: `You are now a member of ${NAME}`,
    timeoutMs: 30_000,
  });
  expect(welcome!.text).toContain(`/community/${communityId}`);
  await userPage.goto(`/community/${communityId}`);
  await expect(main(userPage).getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(main(userPage).getByRole('link', { name: event.title })).toBeVisible();
  await main(userPage).getByRole('link', { name: event.title }).click();
  await expect(main(userPage).getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(main(userPage)).toContainText('Members only');

  await leadContext.close();
  await userContext.close();
});
