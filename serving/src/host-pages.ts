import { readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { renderDetailPage, type DetailPageContext } from './detail-pages';
import { choosePage, preconnectLinks, remoteManifestPreload } from './prerendered-pages';
import { cspNoncePlaceholder, framingOf, hostPageHeaders, newNonce, type HostPolicySources } from './security-headers';
import { htmlContentType, pageGzipLevel, plainTextContentType } from './serving-rules';

/**
 * One of the host's pages as both Node servers answer it: devstack's static server
 * (static-server.ts) and the production page server (page-server.ts), which nginx sends the detail
 * pages to. The page the address chooses (prerendered-pages.ts), or the detail page drawn from the
 * API where the shell would answer (detail-pages.ts), with a fresh nonce written into it and its CSP.
 */

/** The home: the host's own page the page server draws, with its remotes' widgets. */
const homePath = '/';

export interface PageContext {
  preconnect: string[];
  productSlug: string;
  /** The deploy-time `/remotes.json` (remote → manifest address), for the shell's manifest preload. */
  remotes?: Record<string, string>;
  /** Where the public detail pages read the data they are drawn from (detail-pages.ts); none: the shell. */
  detailPages?: DetailPageContext;
}

const gzipAsync = promisify(gzip);

/** Whether the request accepts gzip (`Accept-Encoding`, a q of 0 refusing it). */
export function acceptsGzip(req: Pick<http.IncomingMessage, 'headers'>): boolean {
  const header = req.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Reads a page from the build folder, refusing anything outside it; null when there is no such file. */
async function readPage(root: string, file: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    return null;
  }
  const absolute = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (!absolute.startsWith(root + path.sep)) return null;
  return readFile(absolute, 'utf8').catch(() => null);
}

export interface PageAnswer {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** The host's build folder. */
  root: string;
  pathname: string;
  policy: HostPolicySources;
  context: PageContext;
  /** `Vary` of the answer (serving-rules.ts varyOf). */
  vary: string;
}

export async function servePage({ req, res, root, pathname, policy, context, vary }: PageAnswer): Promise<void> {
  const {
    file: page,
    status,
    remote,
  } = pathname.endsWith('.html')
    ? { file: pathname, status: 200, remote: undefined }
    : await choosePage(root, pathname, context.productSlug);
  // A public remote screen with the frame its remote's live release draws (detail-pages.ts), and the
  // home with its widgets' (issues 24 and 27); its file (the shell, the prerendered home) when there is none.
  const drawn =
    (remote || pathname === homePath) && context.detailPages
      ? await renderDetailPage(
          root,
          // The query too: a screen whose view lives in it (the communities grid) draws that view.
          { pathname, search: new URL(req.url ?? '/', 'http://page.invalid').search.slice(1) },
          { ...context.detailPages, remotes: context.remotes ?? {} },
        )
      : null;
  const html = drawn ?? (await readPage(root, page));
  if (html === null) {
    res.writeHead(404, { 'Content-Type': plainTextContentType, 'Cache-Control': 'no-cache', Vary: vary });
    res.end('Not found');
    return;
  }
  const nonce = newNonce();
  const text = html
    .replaceAll(cspNoncePlaceholder, nonce)
    .replace(
      '<head>',
      `<head>${preconnectLinks(context.preconnect)}${remoteManifestPreload(remote, context.remotes ?? {})}`,
    );
  // A page carries its prerendered markup and styles (about 60 KB): compressed per answer, since
  // its nonce differs each time (the build's .gz copies cannot be used). On a phone's connection
  // the uncompressed page alone took about a third of a second (issue 14).
  const compressed = acceptsGzip(req);
  const body = compressed ? await gzipAsync(text, { level: pageGzipLevel }) : Buffer.from(text);
  res.writeHead(status, {
    ...hostPageHeaders(policy, nonce, framingOf(page)),
    'Content-Type': htmlContentType,
    'Content-Length': body.byteLength,
    Vary: vary,
    ...(compressed ? { 'Content-Encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
