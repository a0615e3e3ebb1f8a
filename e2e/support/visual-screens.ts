import type { Locator, Page } from '@playwright/test';

/**
 * The one list of screens kept as visual regression baselines (tests/visual.spec.ts). Each is shot
 * at a phone's and a desktop's size, light and dark. To add a screen: add an entry here, then
 * write its baselines alone with
 *   flock /tmp/hub-heavy.lock pnpm --filter @hub/e2e test tests/visual.spec.ts --update-snapshots -g '<name> '
 * and commit the new PNGs under tests/visual.spec.ts-snapshots/.
 *
 * What changes from run to run is masked, never shot: every `<time>` (the demo data's dates follow
 * the day the suite runs), everything marked `data-volatile` (counts and timings other specs or
 * the clock change), and what a screen lists in `mask`.
 */
export interface VisualScreen {
  /** The baseline's name (and the test's: `-g '<name> '` picks it). */
  name: string;
  path: string;
  /** A demo account to sign in as first (api/src/seed); a visitor otherwise. */
  signedInAs?: string;
  /**
   * The screen is drawn once this is visible (besides the level-1 heading, no progress bars and the app
   * started). On a screen the page server draws, name something the app draws (inside the remote's
   * `[data-remote]` area): the server's frame is on screen until then, its app-only controls disabled.
   */
  ready?: (page: Page) => Locator;
  /** The screen keeps a progress bar off its first screen (a widget loaded on scroll): do not wait for none. */
  progressBelowTheFold?: boolean;
  /** More of the screen to mask, beyond `time` and `[data-volatile]`. */
  mask?: (page: Page) => Locator[];
}

/** What a remote's screen draws once the app has rendered it (the page server's frame is not inside it). */
const drawnBy = (page: Page, remote: 'events' | 'communities') => page.locator(`main [data-remote="${remote}"]`);
const communityCard = (page: Page) => drawnBy(page, 'communities').getByTestId('community-card').first();

export const visualScreens: VisualScreen[] = [
  {
    name: 'home',
    path: '/',
    progressBelowTheFold: true,
    // The events widget's cards are in the HTML the page server draws (issues 24 and 27); on a wide
    // screen the communities widget beside them loads at once, and is what is waited for.
    ready: (page) =>
      (page.viewportSize()?.width ?? 0) >= 1024
        ? page.locator('main [data-remote="communities"]').getByRole('link', { name: 'All communities' })
        : page.locator('main [data-remote="events"] [data-testid="event-card"]').first(),
  },
  // Issue 27: the signed-in home (welcome back, next event, communities you may like).
  {
    name: 'home-signed-in',
    path: '/',
    signedInAs: 'staff@hub.test',
    progressBelowTheFold: true,
    ready: (page) => page.getByRole('region', { name: 'Your next event' }),
  },
  {
    name: 'events-list',
    path: '/events/event-list',
    ready: (page) => drawnBy(page, 'events').locator('article').first(),
  },
  { name: 'event', path: '/events/31', ready: (page) => drawnBy(page, 'events').getByRole('heading', { level: 1 }) },
  { name: 'communities', path: '/communities', ready: communityCard },
  { name: 'communities-filtered', path: '/communities?countryId=1&sort=members', ready: communityCard },
  {
    name: 'community',
    path: '/community/1',
    ready: (page) => drawnBy(page, 'communities').getByRole('heading', { level: 1 }),
  },
  { name: 'about', path: '/about' },
  { name: 'dashboard', path: '/dashboard', signedInAs: 'admin@hub.test' },
  { name: 'my-account', path: '/my-account', signedInAs: 'admin@hub.test' },
  // Issue 27: the forms with the image upload control (and the event form's organiser tools).
  {
    name: 'event-form',
    path: '/event-form/1',
    signedInAs: 'admin@hub.test',
    ready: (page) => page.getByRole('button', { name: 'Choose an image' }).first(),
  },
  { name: 'community-form', path: '/community-form', signedInAs: 'admin@hub.test' },
];

/** The two sizes every screen is shot at: a phone (iPhone 14) and a laptop. */
export const visualViewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** What every screen masks: dates (relative to the day of the run) and content marked volatile. */
export const volatileContent = (page: Page): Locator[] => [page.locator('main time, main [data-volatile]')];
