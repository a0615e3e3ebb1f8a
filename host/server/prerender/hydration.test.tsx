import { setImmediate } from 'node:timers';
import { startTransition } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createDOMRenderer } from '@griffel/react';
import { splitCSSRules } from '../../src/app/css-rules';
import { App } from '../../src/app/app';
import { createSiteRouter } from '../../src/app/create-site-router';
import { prerender } from 'react-dom/static';
import { renderRoute as render, renderShell } from './render-route';
import { canHydrate, readPrerenderedPage } from '../../src/app/prerendered-page';
import { prerenderedFiles } from './prerendered-files';
import { hubStore } from '@hub/shared';
import { installPromptAtom } from '../../src/install/install-prompt';
import { createRoot } from 'react-dom/client';
import { authStatusAtom } from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { CardsSkeleton } from '@hub/ui/skeletons';
import { forgetFirstLoadFrame } from '../../src/components/remote-page/first-load-frame';
import { forgetDrawnWidgets } from '../../src/components/remote-page/drawn-widget';

// React's server renderer schedules its work with Node's setImmediate, which jsdom's globals lack.
Object.assign(globalThis, { setImmediate });

// Remote areas load once hydrated; in this test their code never arrives (they keep their placeholder).
jest.mock('../../src/federation/remote-registry', () => ({
  loadRemoteModule: () => new Promise(() => undefined),
  retryRemote: () => undefined,
  preloadRemotePage: () => Promise.resolve(),
  remoteScreens: () => Promise.resolve({}),
  isRemoteEntered: () => false,
  onRemoteEntered: () => () => undefined,
}));

/**
 * The build renders in a Node process of its own; here the browser's renderer runs in the same
 * realm, and React's server renderer leaves its last render's context values (the router's) on
 * the shared context objects. An empty render after it puts them back to their defaults.
 */
async function renderRoute(...args: Parameters<typeof render>) {
  const rendered = await render(...args);
  await prerender(<></>);
  return rendered;
}

const product = { name: 'Community Hub', slug: 'hub' };
const headings: Record<string, string> = {
  '/': 'Welcome to Community Hub',
  '/about': 'About Community Hub',
  '/about/hosting-event': 'How to host an event',
  '/privacy': 'Privacy Policy',
  '/404': 'Page not found',
};

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

/** Puts the build's HTML for `path` on the page and hydrates it as bootstrap.tsx does; what React reported. */
async function hydratePrerendered(
  path: string,
  beforeHydration: () => void = () => undefined,
  drawnWidgets: Parameters<typeof render>[2] = {},
) {
  const rendered = await renderRoute(path, product, drawnWidgets);
  // The page as the browser receives it: the heading is there before any script runs.
  if (process.env.DEBUG_PRERENDER) console.log(rendered.html.replace(/<style[^]*?<\/style>/g, ''));
  document.head.innerHTML = rendered.styles;
  const container = document.createElement('div');
  container.setAttribute('data-prerendered', JSON.stringify(rendered.page));
  container.innerHTML = rendered.html;
  document.body.append(container);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(headings[path]!);
  expect(canHydrate(readPrerenderedPage(container), rendered.page)).toBe(true);
  // The site's CSP allows no inline script: the markup must need none.
  expect(rendered.html).not.toContain('<script');
  // Nor style attributes (style-src-attr): styles come as classes with the nonce'd style elements.
  expect(rendered.html).not.toMatch(/ style="/);

  window.history.replaceState(null, '', path);
  beforeHydration();
  const recoverable: unknown[] = [];
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const heading = screen.getByRole('heading', { level: 1 });
  const renderer = createDOMRenderer(document);
  await act(async () => {
    // As bootstrap.tsx does it: a transition, so React hydrates in slices.
    startTransition(() => {
      root = hydrateRoot(
        container,
        <App router={createSiteRouter(product.slug, true)} renderer={renderer} targetDocument={document} hydrating />,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
  });
  await waitFor(() => expect(screen.getByRole('contentinfo')).toBeInTheDocument());
  // Hydrated, not replaced: React took over the very element the HTML carried.
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBe(heading));
  // No prerendered rule inserted again (the renderer's cache knew them all): each rule is on the page once.
  const rules = [...document.querySelectorAll('style')].flatMap((style) =>
    [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText),
  );
  expect(rules.length).toBeGreaterThan(100);
  expect(rules.filter((rule, i) => rules.indexOf(rule) !== i)).toEqual([]);
  logged.mockRestore();
  return { renderer, recoverable, logged: logged.mock.calls.map((call) => String(call[0]).slice(0, 300)) };
}

describe('the prerendered pages', () => {
  it.each(prerenderedFiles.map((file) => file.render))('%s hydrates without a mismatch', async (path) => {
    const { recoverable, logged } = await hydratePrerendered(path);
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
  });

  it.each(prerenderedFiles.map((file) => file.render))(
    "%s: every rule of the page, in its bucket's text, is split back into the very string Griffel keys it by",
    async (path) => {
      // The renderer's cache holds the page's rules as Griffel wrote them, each keyed to its bucket.
      const { renderer } = await hydratePrerendered(path);
      const byBucket = new Map<string, string[]>();
      for (const [rule, bucket] of Object.entries(renderer.insertionCache))
        byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), rule]);
      expect(byBucket.size).toBeGreaterThan(5);
      for (const rules of byBucket.values()) expect(splitCSSRules(rules.join(''))).toEqual(rules);
    },
  );

  it('hydrates without a mismatch when the browser offers the install before hydration is done', async () => {
    // Chromium's beforeinstallprompt can come between two slices of hydration (Lighthouse met it):
    // the prerender had no offer, so the footer's button must wait for hydration to be over.
    const offer = Object.assign(new Event('beforeinstallprompt'), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' as const, platform: 'web' }),
    });
    try {
      const { recoverable, logged } = await hydratePrerendered('/about', () => hubStore.set(installPromptAtom, offer));
      expect(recoverable).toEqual([]);
      expect(logged).toEqual([]);
      expect(await screen.findByRole('button', { name: /Add to Home Screen/ })).toBeInTheDocument();
    } finally {
      hubStore.set(installPromptAtom, null);
    }
  });

  it("marks the header's app-only buttons not usable until hydrated (a press before would be lost), then usable", async () => {
    const appOnly = () => [
      screen.getByRole('button', { name: 'Open menu' }),
      screen.getByRole('button', { name: 'Dark theme' }),
    ];
    const { recoverable } = await hydratePrerendered('/about', () => {
      for (const button of appOnly()) expect(button).toHaveAttribute('aria-disabled', 'true');
    });
    expect(recoverable).toEqual([]);
    // Hydrated (jsdom's screen is wide: the menu button is gone, the bar shown instead).
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Dark theme' })).not.toHaveAttribute('aria-disabled');
  });

  it('names the route it was rendered for, and is not hydrated for another', async () => {
    const rendered = await renderRoute('/about', product);
    expect(rendered.page).toEqual({ route: 'about', productName: 'Community Hub', productSlug: 'hub' });
    expect(canHydrate(rendered.page, { ...rendered.page, route: 'privacy' })).toBe(false);
    expect(canHydrate(rendered.page, { ...rendered.page, productName: 'Other Hub' })).toBe(false);
    expect(canHydrate(null, rendered.page)).toBe(false);
  });

  it('carries the style elements with the nonce placeholder the servers replace', async () => {
    const { styles } = await renderRoute('/about', product);
    expect(styles).toMatch(/^<style nonce="__HUB_CSP_NONCE__" data-make-styles-bucket=/);
  });

  it('the shell for remote routes carries the frame and a loading main region, and nothing the CSP blocks', async () => {
    const { html } = await renderShell(product);
    await prerender(<></>);
    document.body.innerHTML = html;
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('progressbar'));
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(html).not.toMatch(/<script| style="/);
  });
});

describe('the home with a widget its remote drew (issues 24 and 27)', () => {
  // As the events area's server frame draws it (remote-events/src/server-frames.tsx): its own markup.
  const featured = (
    <ul aria-label="Featured event">
      <li>
        <img src="https://img.example/rust.svg" alt="" width={1200} height={600} fetchPriority="high" />
        <h4>Rust meet-up</h4>
      </li>
    </ul>
  );

  it('hydrates without a mismatch and keeps the very frame the HTML painted while the remote loads', async () => {
    forgetDrawnWidgets();
    let painted: Element | null = null;
    const { recoverable, logged } = await hydratePrerendered(
      '/',
      () => {
        painted = document.querySelector('[data-drawn-widget="events:upcomingEvents"]');
      },
      { 'events:upcomingEvents': featured },
    );
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    expect(painted).not.toBeNull();
    const image = painted!.querySelector('img')!;
    expect(image.getAttribute('fetchpriority')).toBe('high');
    // Hydrated, then re-rendered once hydration is over (the areas start loading): the same elements.
    await act(async () => undefined);
    expect(document.querySelector('[data-drawn-widget="events:upcomingEvents"]')).toBe(painted);
    expect(painted!.querySelector('img')).toBe(image);
    // One frame per widget: the communities widget, which drew none, shows its placeholder.
    expect(screen.getByRole('progressbar', { name: 'Loading Communities and networks' })).toBeInTheDocument();
    forgetDrawnWidgets();
  });

  it("puts the featured cover's preload, which React hoists, in the head, not before the app's markup", async () => {
    const rendered = await renderRoute('/', product, { 'events:upcomingEvents': featured });
    expect(rendered.head).toMatch(
      /^<link rel="preload" as="image" href="https:\/\/img.example\/rust.svg" fetchPriority="high"\/>$/,
    );
    expect(rendered.html).not.toContain('<link');
  });
});

describe("the remote list screens' pages (their frame in the HTML)", () => {
  // A static frame as a remote's server bundle draws one (remote-events/src/server-frames.tsx), made
  // of the same @hub/ui parts; the remotes' own frames are drawn from their releases in
  // page-server/render-detail-page.test.tsx.
  const remoteFrames = [
    {
      render: '/events/event-list',
      screen: 'events:eventList',
      title: 'Events',
      element: (
        <PageFrame title="Events" documentTitle="Upcoming events" intro="Meet-ups, talks and workshops of every kind.">
          <CardsSkeleton label="Loading events" count={6} />
        </PageFrame>
      ),
    },
  ];
  const intros: Record<string, RegExp> = { '/events/event-list': /^Meet-ups, talks and workshops/ };

  it.each(remoteFrames.map((frame) => [frame.render, frame] as const))(
    '%s: the heading and intro are in the HTML, and the first render keeps that very frame while the remote loads',
    async (path, frame) => {
      const { html, styles } = await renderShell(product, frame);
      await prerender(<></>);
      expect(html).not.toMatch(/<script| style="/);
      document.head.innerHTML = styles;
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(frame.title);
      const painted = document.querySelector(`[data-first-frame="${frame.screen}"]`)!;
      expect(painted.querySelector('p')).toHaveTextContent(intros[path]!);
      const markup = painted.innerHTML;

      // As bootstrap.tsx renders a page that is not hydrated: afresh, in a transition, replacing the
      // HTML in one commit; the remote's code never arrives here, so the placeholder stays.
      forgetFirstLoadFrame();
      window.history.replaceState(null, '', path);
      hubStore.set(authStatusAtom, 'loggedOut');
      // Quiet: the route's data prefetch meets no API here.
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      await act(async () => {
        startTransition(() => {
          root = createRoot(container);
          root.render(
            <App
              router={createSiteRouter(product.slug, false)}
              renderer={createDOMRenderer(document)}
              targetDocument={document}
            />,
          );
        });
      });
      // React's commit replaced the HTML's elements (not hydrated: new ones)…
      await waitFor(() => expect(painted.isConnected).toBe(false));
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
      // …with the same frame, markup for markup.
      const shown = document.querySelector(`[data-first-frame="${frame.screen}"]`);
      expect(shown).not.toBe(painted);
      expect(shown?.innerHTML).toBe(markup);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      logged.mockRestore();
      forgetFirstLoadFrame();
    },
  );
});
