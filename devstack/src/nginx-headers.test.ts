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
    expect(snippet).toContain(`add_header Content-Security-Policy "${csp}" always;`);
    expect(snippet).toContain("'nonce-$hub_csp_nonce'");
    expect(snippet).toContain('set $hub_csp_nonce $request_id;');
    expect(snippet).toContain('sub_filter "__HUB_CSP_NONCE__" $hub_csp_nonce;');
    expect(snippet).toContain('https://events.cdn.example');
  });

  it('has a block for the SPA routes, index.html and the bridge page (the only one framed by the site)', () => {
    const snippet = hostNginxSnippet(sources);
    const blocks = snippet.split(/\n(?=location )/).filter((b) => b.startsWith('location'));
    const byMatch = Object.fromEntries(blocks.map((b) => [b.split('{')[0]!.trim(), b]));
    expect(Object.keys(byMatch)).toEqual([
      'location ~* (\\.map|\\.map\\.gz|/_headers|\\.nginx\\.conf)$',
      'location = /auth/redirect.html',
      'location ~ ^/[^.]*$',
      'location = /index.html',
    ]);
    expect(byMatch['location = /auth/redirect.html']).toContain("frame-ancestors 'self'");
    expect(byMatch['location = /auth/redirect.html']).toContain('X-Frame-Options "SAMEORIGIN"');
    expect(byMatch['location ~ ^/[^.]*$']).toContain("frame-ancestors 'none'");
    expect(byMatch['location ~ ^/[^.]*$']).toContain('try_files /index.html =404;');
    // add_header in a location drops the server's: each page block repeats the baseline.
    for (const match of ['location = /auth/redirect.html', 'location ~ ^/[^.]*$', 'location = /index.html']) {
      expect(byMatch[match]).toContain('add_header X-Content-Type-Options "nosniff" always;');
      expect(byMatch[match]).toContain('add_header Cache-Control "no-cache" always;');
    }
    expect(byMatch['location ~* (\\.map|\\.map\\.gz|/_headers|\\.nginx\\.conf)$']).toContain('return 404;');
  });

  it('a remote: baseline headers, Vary: Origin and CORS for the listed origins only', () => {
    const snippet = remoteNginxSnippet('events', ['https://hub.example', 'https://www.hub.example']);
    expect(snippet).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(snippet).toContain('add_header Vary "Origin" always;');
    expect(snippet).toContain('if ($http_origin ~ "^(https://hub\\\\.example|https://www\\\\.hub\\\\.example)$")');
    expect(snippet).toContain('location ~* (\\.map|');
    expect(snippet).not.toContain('Content-Security-Policy');
  });

  it('picks the host form for an app with a page policy', () => {
    expect(nginxSnippetFor('host', { pagePolicy: () => sources })).toContain('Content-Security-Policy');
    expect(nginxSnippetFor('events', { corsOrigins: ['https://hub.example'] })).toContain('Vary "Origin"');
  });
});
