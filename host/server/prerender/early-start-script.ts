/**
 * The inline script of the remote routes' pages (build time, Node): `startRemoteEarly`
 * (federation/early-remote-start.ts) as source text, called with the public remote routes. The
 * servers put a fresh nonce on it per answer, like the template's style element.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { publicRemoteRoutes, type RouteEntry } from '../../src/routing/route-table';
import type { EarlyRoutes } from '../../src/federation/early-remote-start';

/**
 * `[pattern, remote, page]` of every route: the screen of a public remote route (one a visitor may
 * land on), empty names for every other route, which the early start must know too so that it picks
 * the route the router picks (`/events/create`, not `/events/:id`). What the screen loads and reads
 * first, the early start reads from the remote's live manifest.
 */
export function earlyRoutes(table: RouteEntry[]): EarlyRoutes {
  const publicRoutes = publicRemoteRoutes(table);
  const patterns = [...new Set(table.map((e) => `/${e.path}`))];
  return patterns.map((pattern): EarlyRoutes[number] => {
    const remote = publicRoutes[pattern];
    const entry = table.filter((e) => `/${e.path}` === pattern).at(-1);
    if (!remote || entry?.target.owner !== remote) return [pattern, '', ''];
    return [pattern, remote, String(entry.target.page)];
  });
}

/** The `<script nonce>` element, for the head of the pages of remote routes. */
export function earlyStartScript(table: RouteEntry[]): string {
  const file = path.join(__dirname, '..', '..', 'src', 'federation', 'early-remote-start.ts');
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2019, module: ts.ModuleKind.ESNext, removeComments: true },
  });
  const body = outputText.replace(/^export /gm, '').trim();
  // JSON inside a script element: no `</script>` can close it early.
  const routes = JSON.stringify(earlyRoutes(table)).replace(/</g, '\\u003c');
  return `<script nonce="__HUB_CSP_NONCE__">(function () {\n${body}\nstartRemoteEarly(${routes});\n})();</script>`;
}
