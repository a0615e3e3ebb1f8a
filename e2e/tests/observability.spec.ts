import { expect, test } from '@playwright/test';
import { expectAppStarted, main } from '../support/site';

/**
 * Issue 24, operators who can see, from the browser's side: an error thrown in the page reaches the
 * API's error endpoint (answered 204 by the real API), scrubbed, with the app and the host's build
 * id; a click that writes sends a W3C traceparent, and the API's answer names the request by that
 * trace id (X-Request-Id), the id its access line and its trace carry.
 */

test('an uncaught error in the page is reported to the API, scrubbed, with its app and build', async ({ page }) => {
  await page.goto('/about?ref=jane.doe@corp.test');
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  // Errors are reported by the app, which starts once the page has painted.
  await expectAppStarted(page);
  const build = await page.locator('html').getAttribute('data-hub-build');
  expect(build).toBeTruthy();

  const reported = page.waitForResponse(
    (response) => response.url().endsWith('/api/client-errors') && response.request().method() === 'POST',
  );
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e probe: no profile for jane.doe@corp.test');
    });
  });
  const response = await reported;
  expect(response.status()).toBe(204);
  const body = response.request().postDataJSON() as { reports: Record<string, unknown>[] };
  expect(body.reports).toEqual([
    expect.objectContaining({
      kind: 'error',
      app: 'host',
      build,
      page: '/about',
      message: 'Error: e2e probe: no profile for [email]',
    }),
  ]);
  expect(JSON.stringify(body)).not.toContain('jane.doe');
});

test('a click that writes carries a traceparent, and the API names the request by its trace id', async ({ page }) => {
  await page.goto('/account/forgot-password');
  const form = page.getByRole('form', { name: 'Request a password reset link' });
  await form.getByLabel(/E-mail address/).fill('nobody-e2e-trace@hub.test');
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/reset-password') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send reset link' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const traceparent = (await response.request().allHeaders())['traceparent'] ?? '';
  const match = /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/.exec(traceparent);
  expect(match, `traceparent ${traceparent}`).not.toBeNull();
  expect(response.headers()['x-request-id']).toBe(match![1]);
});
