import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
  type Request,
} from '@playwright/test';
import { loginAs } from '../support/login';
import { expectDashboardWidgets, main } from '../support/site';

/**
 * Issue 14's deterministic guard (Lighthouse is too noisy for CI): per page, the JavaScript a new
 * visitor downloads (gzip as sent, from the browser's network log, the HTTP cache switched off so
 * every page is a first visit) against its budget, and the layout shifts of the whole load (the
 * browser's `layout-shift` entries without recent input, observed from before the first script
 * runs) once the page has settled. No service worker, no HTTP cache: every page is a first visit. One browser context per persona, the pages one after another.
 *
 * What the page itself costs ends once the page has settled, where the host starts its deferred work:
 * idle warming (host/src/routing/use-link-prefetch.ts) fetching the next pages' code, or the service
 * worker's registration (host/src/service-worker/register-service-worker.ts) loading workbox-window,
 * whichever comes first. Scripts requested after the first of their performance marks are not counted.
 */

const kb = 1024;
/** Issue 14: "zero layout shift" in the guard, with Lighthouse's goal as the tolerance for sub-pixel rounding. */
const maxLayoutShift = 0.02;

interface PageCase {
  path: string;
  /** The budget of the JavaScript sent for this page, in KB gzip (issue 7 and 12's budgets). */
  jsBudgetKb?: number;
  /**
   * How many files that JavaScript may come in: each costs the main thread while the page starts
   * (docs/decisions.md, "Session 41": a remote screen in at most three files beside its remote's
   * entry and routes module; session 43: the host's start-up in five, `main.js` and four compiled
   * each in a task of its own). Today's count, so that a change of chunking that splits the start-up
   * again fails here rather than only in Lighthouse's noisy figures.
   */
  maxFiles?: number;
  /**
   * Code the page asks for after its first render, counted apart with a budget of its own (issue 23:
   * the admin dashboard's charts): the scripts requested from the page's performance `mark` on.
   */
  later?: { mark: string; what: string; budgetKb: number };
  /** Content that shows the page has finished loading (beyond its heading and no skeleton left). */
  ready?: (page: Page) => Promise<void>;
}

const publicPages: PageCase[] = [
  { path: '/', jsBudgetKb: 300, maxFiles: 15, ready: expectDashboardWidgets },
  { path: '/events/event-list', jsBudgetKb: 300, maxFiles: 10 },
  {
    path: '/events/31',
    jsBudgetKb: 300,
    maxFiles: 10,
    // The demo seed's hybrid summit: its Markdown description is a lazy chunk of its own.
    ready: (page) => expect(main(page).locator('[data-markdown]')).toBeVisible(),
  },
  { path: '/communities' },
  { path: '/community/1' },
  { path: '/about', jsBudgetKb: 250, maxFiles: 6 },
];

interface Measurement {
  /** The page's JavaScript up to its first render (all of it when the page has no `later` part). */
  jsBytes: number;
  scripts: { url: string; bytes: number }[];
  /** The `later` part's JavaScript: requested from its mark on, before idle warming. */
  laterBytes: number;
  laterScripts: { url: string; bytes: number }[];
  /** The page's scripts that compile a style at run time (see expectStylesCompiledAtBuildTime). */
  runtimeStyleScripts: string[];
  layoutShift: number;
  shifts: { value: number; sources: string[] }[];
}

/** Collects every layout shift of the document, from before the page's first script. */
function observeLayoutShifts() {
  const shifts: { value: number; sources: string[] }[] = [];
  (window as unknown as { __hubLayoutShifts: typeof shifts }).__hubLayoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const describe = (node?: Node | null) =>
        node instanceof Element
          ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.getAttribute('data-remote') ? `[data-remote=${node.getAttribute('data-remote')}]` : ''}`
          : String(node?.nodeName ?? '?');
      shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

class Persona {
  private context!: BrowserContext;
  private page!: Page;
  private cdp!: CDPSession;
  private readonly measured = new Map<string, Promise<Measurement>>();

  constructor(private readonly email: string | null) {}

  async open(browser: Browser): Promise<void> {
    // A first visit has no service worker yet: with one, the pages after the first would be served
    // from its cache (hashed chunks are cache-first) and weigh nothing.
    this.context = await browser.newContext({ serviceWorkers: 'block' });
    await this.context.addInitScript(observeLayoutShifts);
    this.page = await this.context.newPage();
    if (this.email) await loginAs(this.page, this.email);
    // Every page below is measured as a first visit: nothing comes from the HTTP cache.
    this.cdp = await this.context.newCDPSession(this.page);
    await this.cdp.send('Network.enable');
    await this.cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  }

  async close(): Promise<void> {
    await this.context?.close();
  }

  /** Loads a page once per persona; both of its checks read the same load. */
  measure(target: PageCase): Promise<Measurement> {
    let pending = this.measured.get(target.path);
    if (!pending) {
      pending = this.load(target);
      this.measured.set(target.path, pending);
    }
    return pending;
  }

  private async load({ path, ready, later }: PageCase): Promise<Measurement> {
    const page = this.page;
    // The previous page is left first: its idle warming would otherwise still fetch scripts while
    // this one loads, and their bodies are gone once the navigation commits.
    await page.goto('about:blank');
    const started = Date.now();
    const requests: { url: string; startTime: number; bytes: Promise<number>; text: Promise<string> }[] = [];
    const onFinished = (request: Request) => {
      if (request.resourceType() !== 'script' || !/^https?:/.test(request.url())) return;
      const { startTime } = request.timing();
      if (startTime < started) return; // the previous page's late requests
      requests.push({
        url: request.url(),
        startTime,
        bytes: request.sizes().then((s) => s.responseBodySize),
        text: request.response().then((r) => r?.text() ?? ''),
      });
    };
    page.on('requestfinished', onFinished);
    try {
      await page.goto(path);
      await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
      await ready?.(page);
      await expect(main(page).getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      // Two frames: a shift caused by the last answer is recorded once it has been painted.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const { settledAt, laterStarted, shifts } = await page.evaluate((laterMark) => {
        const at = (name: string) => {
          const mark = performance.getEntriesByName(name, 'mark')[0];
          return mark ? performance.timeOrigin + mark.startTime : Number.POSITIVE_INFINITY;
        };
        return {
          settledAt: Math.min(at('hub:idle-warming'), at('hub:service-worker-registration')),
          laterStarted: laterMark ? at(laterMark) : Number.POSITIVE_INFINITY,
          shifts: (window as unknown as { __hubLayoutShifts: Measurement['shifts'] }).__hubLayoutShifts,
        };
      }, later?.mark);
      const own = requests.filter((r) => r.startTime < settledAt);
      const sized = (list: typeof own) => Promise.all(list.map(async (r) => ({ url: r.url, bytes: await r.bytes })));
      const scripts = await sized(own.filter((r) => r.startTime < laterStarted));
      const laterScripts = await sized(own.filter((r) => r.startTime >= laterStarted));
      const texts = await Promise.all(requests.map(async (r) => ({ url: r.url, text: await r.text })));
      return {
        jsBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
        scripts,
        laterBytes: laterScripts.reduce((sum, s) => sum + s.bytes, 0),
        laterScripts,
        runtimeStyleScripts: texts.filter((t) => runtimeStyleCall.test(t.text)).map((t) => t.url),
        layoutShift: shifts.reduce((sum, s) => sum + s.value, 0),
        shifts,
      };
    } finally {
      page.off('requestfinished', onFinished);
    }
  }
}

const describeScripts = (scripts: Measurement['scripts']) =>
  [...scripts]
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `  ${(s.bytes / kb).toFixed(1)} KB ${s.url}`)
    .join('\n');
const describeShifts = (m: Measurement) =>
  m.shifts.map((s) => `  ${s.value.toFixed(4)} from ${s.sources.join(', ') || '?'}`).join('\n');

async function expectWithinBudget(persona: Persona, target: PageCase & { jsBudgetKb: number }) {
  const m = await persona.measure(target);
  console.log(`JavaScript on ${target.path}: ${(m.jsBytes / kb).toFixed(1)} KB gzip in ${m.scripts.length} files`);
  expect(
    m.jsBytes / kb,
    `JavaScript on ${target.path}: ${(m.jsBytes / kb).toFixed(1)} KB gzip in ${m.scripts.length} files\n${describeScripts(m.scripts)}`,
  ).toBeLessThanOrEqual(target.jsBudgetKb);
  if (target.maxFiles !== undefined)
    expect(
      m.scripts.length,
      `JavaScript on ${target.path} in ${m.scripts.length} files, more than ${target.maxFiles}\n${describeScripts(m.scripts)}`,
    ).toBeLessThanOrEqual(target.maxFiles);
}

/** The page's later part (the admin dashboard's charts): loaded after the first render, within its own budget. */
async function expectLaterWithinBudget(persona: Persona, target: PageCase & { later: NonNullable<PageCase['later']> }) {
  const m = await persona.measure(target);
  const { what, budgetKb } = target.later;
  const line = `JavaScript of ${what} on ${target.path}: ${(m.laterBytes / kb).toFixed(1)} KB gzip in ${m.laterScripts.length} files`;
  console.log(line);
  // None at all would mean the mark was never set or the code came with the first render.
  expect(m.laterScripts.length, `${line}: nothing was loaded after the first render`).toBeGreaterThan(0);
  expect(m.laterBytes / kb, `${line}\n${describeScripts(m.laterScripts)}`).toBeLessThanOrEqual(budgetKb);
}

/**
 * A `makeStyles` or `makeResetStyles` call left in the production code, as webpack writes a call of
 * the shared Fluent module's export: `(0,l.makeStyles)({…})`. Compiled at build time (Griffel's
 * loader, shared/build/create-app-config.cjs) it is `__styles` with the finished rules instead.
 */
const runtimeStyleCall = /\.make(Reset)?Styles\)\(/;

/** No style work at run time beyond inserting finished rules (issue 14: styles compiled at build time). */
async function expectStylesCompiledAtBuildTime(persona: Persona, target: PageCase) {
  const m = await persona.measure(target);
  expect(m.runtimeStyleScripts, `scripts on ${target.path} that compile styles at run time`).toEqual([]);
}

async function expectNoLayoutShift(persona: Persona, target: PageCase) {
  const m = await persona.measure(target);
  console.log(`layout shift on ${target.path}: ${m.layoutShift.toFixed(4)}`);
  expect(m.layoutShift, `layout shift on ${target.path}:\n${describeShifts(m)}`).toBeLessThanOrEqual(maxLayoutShift);
}

/**
 * Cases that fail on main today, marked so main stays green; unmark each when its fix is merged
 * (Playwright reports a `test.fail()` case that passes as a failure, so none can be forgotten).
 * None at present: `/admin-dashboard`'s, the last, went with issue 23 (the charts counted apart).
 */
const knownFailures = new Set<string>([]);
const markKnown = (name: string) => {
  if (knownFailures.has(name)) test.fail();
};

const managePage: PageCase = {
  path: '/manage',
  jsBudgetKb: 350,
  maxFiles: 17,
  ready: (page) => expect(main(page).locator('[data-remote="admin"] h2').first()).toBeVisible(),
};
const adminDashboardPage: PageCase = {
  path: '/admin-dashboard',
  // Issue 23, the product owner's decision: the first render (key figures, tabs, tables) within 350
  // KB gzip, and the charts, loaded after it (remote-admin's key-figures.tsx marks when), within
  // 100 KB of their own. Measured once both charts are drawn.
  jsBudgetKb: 350,
  maxFiles: 19,
  later: { mark: 'hub:admin-charts', what: 'the charts', budgetKb: 100 },
  ready: async (page) => {
    for (const chart of ['chart-sign-ups', 'chart-attendances'])
      await expect(main(page).getByTestId(chart).locator('svg').first()).toBeVisible();
  },
};

const personas: { who: string; email: string | null; budgets: PageCase[]; layout: PageCase[] }[] = [
  { who: 'anonymous', email: null, budgets: publicPages.filter((p) => p.jsBudgetKb), layout: publicPages },
  { who: 'lead', email: 'lead@hub.test', budgets: [managePage], layout: publicPages },
  // The charts replace skeletons of their own size: no shift when they arrive.
  { who: 'admin', email: 'admin@hub.test', budgets: [adminDashboardPage], layout: [adminDashboardPage] },
];

for (const { who, email, budgets, layout } of personas) {
  test.describe(`performance budgets (${who})`, () => {
    const persona = new Persona(email);
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(90_000);
      await persona.open(browser);
    });
    test.afterAll(() => persona.close());

    // In the order the pages are listed, each page loaded once for both of its checks.
    const order = [...new Set([...layout, ...budgets])];
    for (const target of order) {
      if (budgets.includes(target)) {
        const files = target.maxFiles === undefined ? '' : ` in at most ${target.maxFiles} files`;
        const name = `${who} ${target.path}: JavaScript within ${target.jsBudgetKb} KB gzip${files}`;
        test(name, async () => {
          markKnown(name);
          await expectWithinBudget(persona, target as PageCase & { jsBudgetKb: number });
        });
        if (target.later) {
          const laterName = `${who} ${target.path}: ${target.later.what} within ${target.later.budgetKb} KB gzip`;
          test(laterName, async () => {
            markKnown(laterName);
            await expectLaterWithinBudget(persona, target as PageCase & { later: NonNullable<PageCase['later']> });
          });
        }
      }
      if (layout.includes(target)) {
        const name = `${who} ${target.path}: no layout shift`;
        test(name, async () => {
          markKnown(name);
          await expectNoLayoutShift(persona, target);
        });
      }
      if (who === 'anonymous' && publicPages.includes(target))
        test(`${who} ${target.path}: styles compiled at build time`, () =>
          expectStylesCompiledAtBuildTime(persona, target));
    }
  });
}
