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
  await lead.call('POST', `api/events/${id}/cancel`);
  for (const email of ['core@hub.test', 'staff@hub.test', 'admin@hub.test']) await new ApiUser(email).call('DELETE', `api/events/${id}/attendance`);
});
