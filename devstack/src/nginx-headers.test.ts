import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hostNginxSnippet, nginxSnippetFor, remoteNginxSnippet } from './nginx-headers';
import { hostContentSecurityPolicy, hostPolicySources } from './security-headers';

const sources = hostPolicySources(
  { events: 'https://events.cdn.example/mf-manifest.json' },
  { apiBaseUrl: 'https://api.example/', msal: { authority: 'https://login.microsoftonline.com/t/v2.0' } },
  'https://hub.example',
);

describe('the deployable nginx snippets', () => {
  it("the host's pages carry the very CSP the local server sends, with nginx's per-request nonce", () => {
    const snippet = hostNginxSnippet(sources);
    const csp = hostContentSecurityPolicy(sources, '$hub_csp_nonce');
    assert.ok(
      snippet.includes(`add_header Content-Security-Policy "${csp}" always;`),
      `add_header Content-Security-Policy "${csp}" always;`,
    );
    assert.ok(snippet.includes("'nonce-$hub_csp_nonce'"), "'nonce-$hub_csp_nonce'");
    assert.ok(snippet.includes('set $hub_csp_nonce $request_id;'), 'set $hub_csp_nonce $request_id;');
    assert.ok(
      snippet.includes('sub_filter "__HUB_CSP_NONCE__" $hub_csp_nonce;'),
      'sub_filter "__HUB_CSP_NONCE__" $hub_csp_nonce;',
    );
    assert.ok(snippet.includes('https://events.cdn.example'), 'https://events.cdn.example');
  });

  it('preconnects the pages to the origins it is given, after <head>', () => {
    const snippet = hostNginxSnippet(sources, ['https://api.example']);
    assert.ok(
      snippet.includes(
        'sub_filter "<head>" "<head><link rel=\\"preconnect\\" href=\\"https://api.example\\" crossorigin>";',
      ),
      snippet,
    );
  });

  it("preloads a public remote route's manifest from its shell, and only there (issue 14)", () => {
    const snippet = hostNginxSnippet(sources, [], {
      patterns: ['/', '/events/event-list', '/events/create', '/events/:id', '/manage', '/my-{productSlug}'],
      routeRemotes: { '/events/event-list': 'events', '/events/:id': 'events' },
      remotes: { events: 'https://events.cdn.example/mf-manifest.json', admin: 'https://admin.example/m.json' },
    });
    const preload =
      '<link rel=\\"preload\\" href=\\"https://events.cdn.example/mf-manifest.json\\" as=\\"fetch\\" crossorigin data-hub-remote=\\"events\\">';
    const blockOf = (location: string) => {
      const start = snippet.indexOf(`location ${location} {`);
      assert.ok(start >= 0, `no block 'location ${location}' in:\n${snippet}`);
      return snippet.slice(start, snippet.indexOf('\n}', start));
    };
    for (const location of ['= /events/event-list', '~ ^/events/[^/.]+/?$']) {
      assert.ok(blockOf(location).includes(preload), location);
      assert.ok(blockOf(location).includes('try_files ${uri}index.html $uri/index.html /shell.html =404;'), location);
    }
    // A fixed path the `:id` pattern would also match is the router's own route: a plain block, first.
    assert.ok(!blockOf('= /events/create').includes('preload'));
    assert.ok(!blockOf('~ ^/[^.]*$').includes('preload'));
    assert.ok(snippet.indexOf('location ~ ^/events/') < snippet.indexOf('location ~ ^/[^.]*$'));
    assert.ok(!snippet.includes('admin.example/m.json'));
  });

  it('has a block for the SPA routes, index.html and the bridge page (the only one framed by the site)', () => {
    const snippet = hostNginxSnippet(sources);
    const blocks = snippet.split(/\n(?=location )/).filter((b) => b.startsWith('location'));
    const byMatch: Record<string, string> = Object.fromEntries(blocks.map((b) => [b.split('{')[0]!.trim(), b]));
    const block = (match: string) => byMatch[match] ?? '';
    assert.deepEqual(Object.keys(byMatch), [
      'location ~* (\\.map|\\.map\\.gz|/_headers|\\.nginx\\.conf)$|^/_server(/|$)',
      'location = /auth/redirect.html',
      'location ~ ^/[^.]*$',
      'location ~ \\.html$',
    ]);
    assert.ok(block('location = /auth/redirect.html').includes("frame-ancestors 'self'"), "frame-ancestors 'self'");
    assert.ok(
      block('location = /auth/redirect.html').includes('X-Frame-Options "SAMEORIGIN"'),
      'X-Frame-Options "SAMEORIGIN"',
    );
    assert.ok(block('location ~ ^/[^.]*$').includes("frame-ancestors 'none'"), "frame-ancestors 'none'");
    // A path is its prerendered page (`/` and `/about` alike), else the shell (prerendered-pages.ts).
    const tryFiles = 'try_files ${uri}index.html $uri/index.html /shell.html =404;';
    assert.ok(block('location ~ ^/[^.]*$').includes(tryFiles), tryFiles);
    // add_header in a location drops the server's: each page block repeats the baseline.
    for (const match of ['location = /auth/redirect.html', 'location ~ ^/[^.]*$', 'location ~ \\.html$']) {
      assert.ok(
        block(match).includes('add_header X-Content-Type-Options "nosniff" always;'),
        'add_header X-Content-Type-Options "nosniff" always;',
      );
      assert.ok(
        block(match).includes('add_header Cache-Control "no-cache" always;'),
        'add_header Cache-Control "no-cache" always;',
      );
    }
    assert.ok(
      block('location ~* (\\.map|\\.map\\.gz|/_headers|\\.nginx\\.conf)$|^/_server(/|$)').includes('return 404;'),
      'return 404;',
    );
  });

  it('a remote: baseline headers, Vary: Origin and CORS for the listed origins only', () => {
    const snippet = remoteNginxSnippet('events', ['https://hub.example', 'https://www.hub.example']);
    assert.ok(
      snippet.includes('add_header X-Content-Type-Options "nosniff" always;'),
      'add_header X-Content-Type-Options "nosniff" always;',
    );
    assert.ok(snippet.includes('add_header Vary "Origin" always;'), 'add_header Vary "Origin" always;');
    assert.ok(
      snippet.includes('if ($http_origin ~ "^(https://hub\\\\.example|https://www\\\\.hub\\\\.example)$")'),
      'if ($http_origin ~ "^(https://hub\\\\.example|https://www\\\\.hub\\\\.example)$")',
    );
    assert.ok(snippet.includes('location ~* (\\.map|'), 'location ~* (\\.map|');
    assert.ok(!snippet.includes('Content-Security-Policy'));
  });

  it('picks the host form for an app with a page policy', () => {
    assert.ok(
      nginxSnippetFor('host', { pagePolicy: () => sources }).includes('Content-Security-Policy'),
      'Content-Security-Policy',
    );
    assert.ok(
      nginxSnippetFor('events', { corsOrigins: ['https://hub.example'] }).includes('Vary "Origin"'),
      'Vary "Origin"',
    );
  });
});
