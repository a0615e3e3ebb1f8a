import { test } from '@playwright/test';
import type { EventDetail } from '@hub/contract/events';
import { ApiUser } from '../support/hub-api';
import { loginAs } from '../support/login';

const lead = new ApiUser('lead@hub.test');
test('screenshots', async ({ page }) => {
  test.setTimeout(180_000);
  const ev = await lead.call<EventDetail>('POST', 'api/events', {
    communityId: 1, title: 'Screenshot door check-in', description: '', imageUrl: '',
    startsAt: new Date(Date.now() - 600000).toISOString(), endsAt: new Date(Date.now() + 600000).toISOString(),
    capacity: 50, locations: [{ cityName: 'Utrecht', address: 'Stationsplein 1', online: 'No' }, { cityName: 'Online', address: null, online: 'Yes' }],
  });
  const id = ev.body.id;
  await lead.call('PUT', `api/events/${id}/attendance`, { eventLocationId: ev.body.locations[0]!.eventLocationId });
  for (const email of ['core@hub.test', 'staff@hub.test', 'admin@hub.test']) {
    const u = new ApiUser(email);
    await u.call('PUT', `api/events/${id}/attendance`, { eventLocationId: ev.body.locations[email === 'staff@hub.test' ? 1 : 0]!.eventLocationId });
  }
  await lead.call('PUT', `api/events/${id}/attendees/${(await (await lead.call<{ items: { userId: number }[] }>('GET', `api/manage/events/${id}/attendees`)).body.items[0]!.userId)}/check-in`);
  await loginAs(page, 'lead@hub.test');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('hub-theme', t), theme);
    for (const [w, h, name] of [[1280, 900, 'desktop'], [375, 800, 'phone']] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto('/manage');
      await page.locator('[data-remote="admin"] [role="region"]').first().waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/manage-shots/overview-${theme}-${name}.png`, fullPage: true });
      await page.goto(`/manage?event=${id}`);
      await page.getByText(/checked in$/).first().waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/manage-shots/event-${theme}-${name}.png`, fullPage: true });
    }
  }
  // States, from a faked API answer.
  await page.evaluate(() => localStorage.setItem('hub-theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.route('**/api/manage/communities?*', (r) => r.fulfill({ status: 500, json: { message: 'Database unavailable', details: [] } }));
  await page.goto('/manage');
  await page.getByRole('button', { name: 'Retry' }).waitFor();
  await page.screenshot({ path: '/tmp/manage-shots/state-error.png' });
  await page.unroute('**/api/manage/communities?*');
  await page.route('**/api/manage/communities?*', (r) => r.fulfill({ json: { items: [], total: 0, page: 1, pageSize: 20 } }));
  await page.goto('/manage');
  await page.getByText('You are not a core member').waitFor();
  await page.screenshot({ path: '/tmp/manage-shots/state-empty.png' });
  await page.unroute('**/api/manage/communities?*');
  await page.route('**/api/manage/communities?*', () => undefined);
  await page.goto('/manage');
  await page.getByRole('progressbar').first().waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/manage-shots/state-loading.png' });
  await page.unroute('**/api/manage/communities?*');
  await page.evaluate(() => localStorage.setItem('hub-theme', 'dark'));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/manage?event=${id}&status=waiting`);
  await page.getByText('No attendee matches').waitFor();
  await page.screenshot({ path: '/tmp/manage-shots/state-filtered-empty-dark-phone.png' });
  await lead.call('POST', `api/events/${id}/cancel`);
  await page.goto(`/manage?event=${id}`);
  await page.getByText('This event is cancelled').waitFor();
  await page.screenshot({ path: '/tmp/manage-shots/state-cancelled-dark-phone.png', fullPage: true });
  for (const email of ['core@hub.test', 'staff@hub.test', 'admin@hub.test']) await new ApiUser(email).call('DELETE', `api/events/${id}/attendance`);
});
