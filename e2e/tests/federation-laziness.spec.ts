import { expect, test } from '@playwright/test';
import { NetworkLog } from '../support/network-log';
import {
  communitiesWidgetSlot,
  eventsWidgetSlot,
  expectDashboardWidgets,
  expectRemoteScreen,
  expectWidget,
  mainNav,
} from '../support/site';

test.describe('remotes load lazily (network log)', () => {
  test('anonymous on /: only the two widget remotes are fetched; never account or admin', async ({ page }) => {
    const log = new NetworkLog(page);
    await page.goto('/');
    await expectDashboardWidgets(page);
    await page.waitForLoadState('networkidle');

    expect(log.to('admin')).toEqual([]);
    expect(log.to('account')).toEqual([]);
    for (const remote of ['events', 'communities'] as const) {
      const paths = log.pathsTo(remote);
      expect(paths, `${remote}`).toContain('/mf-manifest.json');
      expect(paths, `${remote}`).toContain('/remoteEntry.js');
    }
  });

  test('a page of the host alone fetches nothing from any remote; a route fetches only its remote', async ({
    page,
  }) => {
    const log = new NetworkLog(page);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(log.requests.filter((r) => r.app !== null && r.app !== 'host').map((r) => r.url)).toEqual([]);

    await mainNav(page).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/events\/event-list$/);
    await expectRemoteScreen(page, 'events');
    await page.waitForLoadState('networkidle');
    const events = log.pathsTo('events');
    expect(events).toContain('/mf-manifest.json');
    expect(events).toContain('/remoteEntry.js');
    expect(log.to('communities')).toEqual([]);
    expect(log.to('account')).toEqual([]);
    expect(log.to('admin')).toEqual([]);
  });

  test('on a phone, the widget below the fold is fetched only once the visitor scrolls toward it', async ({ page }) => {
    // Lighthouse's phone: the communities widget sits under the events slot's 720 px.
    await page.setViewportSize({ width: 412, height: 823 });
    const log = new NetworkLog(page);
    await page.goto('/');
    await expectWidget(eventsWidgetSlot(page), 'events');
    await page.waitForLoadState('networkidle');
    expect(log.to('communities')).toEqual([]);
    await expect(communitiesWidgetSlot(page).getByLabel('Loading Communities and networks')).toBeAttached();

    await page.mouse.wheel(0, 400);
    await expectWidget(communitiesWidgetSlot(page), 'communities');
    expect(log.pathsTo('communities')).toContain('/remoteEntry.js');
  });
});
