import { expect, test } from '@playwright/test';
import { loginAs } from '../support/login';
import { main } from '../support/site';

for (const scheme of ['light', 'dark'] as const) {
  for (const [device, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 375, height: 800 }],
  ] as const) {
    test(`shots ${scheme} ${device}`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: scheme, viewport });
      const page = await context.newPage();
      await loginAs(page, 'admin@hub.test');
      for (const [name, url, ready] of [
        ['figures', '/admin-dashboard', '[data-testid="chart-attendances"] svg'],
        ['users', '/admin-dashboard?view=users', '[role="grid"]'],
        ['audit', '/admin-dashboard?view=audit', 'table'],
        ['status', '/dashboard', '[data-testid="build-id"]'],
      ] as const) {
        await page.goto(url);
        await expect(main(page).locator(ready).first()).toBeVisible({ timeout: 20_000 });
        await page.waitForTimeout(800);
        await page.screenshot({ path: `/tmp/admin-shots/${name}-${scheme}-${device}.png`, fullPage: true });
      }
      await context.close();
    });
  }
}
