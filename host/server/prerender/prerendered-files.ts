/**
 * The host's prerendered pages (prerender-site.tsx writes them into `dist/`) and how a server
 * picks the file for an address (devstack/src/static-server.ts; the nginx snippet says the same).
 */

export interface PrerenderedFile {
  /** The address rendered. */
  render: string;
  /** Where the page is written inside `dist/`. */
  file: string;
  /** The page's own title (usePageTitle), undefined for the home page. */
  title: string | undefined;
}

/** The shell and the host's static pages; the home page is `index.html` with its widgets' placeholders. */
export const prerenderedFiles: PrerenderedFile[] = [
  { render: '/', file: 'index.html', title: undefined },
  { render: '/about', file: 'about/index.html', title: 'About' },
  { render: '/about/hosting-event', file: 'about/hosting-event/index.html', title: 'How to host an event' },
  { render: '/privacy', file: 'privacy/index.html', title: 'Privacy Policy' },
  // Any address no route matches renders the not-found page; the servers answer it with 404.
  { render: '/404', file: '404.html', title: 'Page not found' },
];

/** The frame (header, footer, a loading main region) for a route whose page lives in a remote. */
export const shellFile = 'shell.html';

/** The route table's path patterns (`/events/:id`, `/my-{productSlug}`), for the servers. */
export const routePatternsFile = 'route-patterns.json';

/**
 * For the routes anyone may open whose page is a remote's (admin's never), the remote: the servers
 * preload that remote's manifest from the page's HTML, so the browser has it before the host's
 * scripts ask (issue 14). Route pattern (as in route-patterns.json) → remote name.
 */
export const routeRemotesFile = 'route-remotes.json';

/**
 * The page server's folder inside `dist/` (never served): the detail pages' renderer, bundled for
 * Node (`render-detail-page.cjs`, page-server/render-detail-page.tsx), and their template.
 */
export const pageServerFolder = '_server';
export const pageTemplateFile = 'page-template.html';
export const pageRendererFile = 'render-detail-page.cjs';
