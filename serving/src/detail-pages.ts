import { stat, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The host's detail pages drawn from data (issue 14): the host's build bundles its page renderer
 * into `dist/_server/` (host/server/page-server/render-detail-page.tsx) beside the pages' template;
 * the static server asks it for the HTML of an address the shell would answer. A build without it
 * (an older host), or a renderer that gives nothing (another page, the API slow or down), leaves
 * the shell: the page then loads as before, drawn by its remote.
 */

interface DetailPageRenderer {
  renderDetailPage(request: {
    pathname: string;
    search?: string;
    template: string;
    apiBaseUrl: string;
    product: { name: string; slug: string };
    remotes: Record<string, string>;
    timeoutMs?: number;
  }): Promise<string | null>;
}

export interface DetailPageContext {
  /** The API's address, as `/app-config.json` gives it (absolute). */
  apiBaseUrl: string;
  product: { name: string; slug: string };
  timeoutMs?: number;
}

const rendererFile = path.join('_server', 'render-detail-page.cjs');
const templateFile = path.join('_server', 'page-template.html');
const loadModule = createRequire(import.meta.url);
// One renderer per build folder and build: a release, a rollback or a new build in place each bring their own.
const renderers = new Map<string, { renderer: DetailPageRenderer; template: string }>();

async function rendererOf(root: string) {
  const file = path.join(root, rendererFile);
  const built = await stat(file).then(
    (s) => s.mtimeMs,
    () => null,
  );
  if (built === null) return null;
  const key = `${file}@${built}`;
  let loaded = renderers.get(key);
  if (!loaded) {
    const template = await readFile(path.join(root, templateFile), 'utf8');
    delete loadModule.cache[loadModule.resolve(file)];
    loaded = { renderer: loadModule(file) as DetailPageRenderer, template };
    renderers.set(key, loaded);
    // A long-running server sees release after release: keep the last few renderers (a few MB each).
    for (const old of [...renderers.keys()].slice(0, -3)) renderers.delete(old);
  }
  return loaded;
}

/** The page drawn from data for `pathname` and its query (`search`, without `?`), or null: the caller then serves the shell. */
export async function renderDetailPage(
  root: string,
  { pathname, search }: { pathname: string; search: string },
  /** With the deploy-time `/remotes.json`: where the remotes' live releases draw their frames from. */
  context: DetailPageContext & { remotes: Record<string, string> },
): Promise<string | null> {
  try {
    const loaded = await rendererOf(root);
    if (!loaded) return null;
    return await loaded.renderer.renderDetailPage({ pathname, search, template: loaded.template, ...context });
  } catch {
    return null;
  }
}
