/**
 * What a page's JavaScript is made of: each script the browser loaded, split by the package its
 * bytes came from, read from the build's source maps (hidden, in the folder beside the build, see
 * shared/build/create-app-config.cjs; or `<file>.map` beside each file, as older builds had them).
 *
 * A source map attributes minified bytes, not gzip bytes; each package's share of a file's gzip
 * size is taken in proportion to its share of the minified bytes. That is an estimate (repetitive
 * code compresses better than average), but the per-file totals are the exact bytes sent.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';

export interface LoadedScript {
  url: string;
  /** Bytes as sent (gzip when the server compressed it). */
  bytes: number;
}

export interface FileBreakdown {
  /** The app that served it and its file name, e.g. `events/remoteEntry.js`. */
  file: string;
  bytes: number;
  /** Package → estimated bytes as sent. */
  packages: Map<string, number>;
}

/**
 * The package a source-map source belongs to: `react-dom`, `@fluentui/tokens`,
 * `@hub/shared`, `host`, `webpack runtime`…
 */
export function packageOfSource(source: string): string {
  const nodeModules = source.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const [first = '', second = ''] = source.slice(nodeModules + 'node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (source.startsWith('webpack/') || /^webpack:\/\/[^/]+\/webpack\//.test(source)) return 'webpack runtime';
  // An app's own files are `webpack://<container>/(./)src/…`; workspace packages `…/shared/src/…`.
  const app = /^webpack:\/\/([^/]+)\/(?:\.\/)?src\//.exec(source);
  if (app?.[1]) return app[1].replace(/^hub_/, 'remote-');
  const own = /(?:^|\/)(host|shared|ui|contract|remote-[a-z]+)\/src\//.exec(source)?.[1];
  if (own) return own === 'host' || own.startsWith('remote-') ? own : `@hub/${own}`;
  // Code webpack generates with no source file: federation glue, module wrappers, shared/remote stubs.
  if (/webpack\/(container|sharing|runtime)|federation|consume|provide/i.test(source)) return 'webpack runtime';
  return source.replace(/^webpack:\/\/[^/]+\//, '');
}

/** Minified bytes per package in one built file, from its source map (line/column spans). */
export function minifiedBytesByPackage(
  code: string,
  map: ConstructorParameters<typeof TraceMap>[0],
): Map<string, number> {
  const lines = code.split('\n');
  const trace = new TraceMap(map);
  const spans: { line: number; column: number; pkg: string }[] = [];
  eachMapping(trace, (m) => {
    spans.push({
      line: m.generatedLine - 1,
      column: m.generatedColumn,
      pkg: m.source ? packageOfSource(m.source) : '(unmapped)',
    });
  });
  const byPackage = new Map<string, number>();
  const add = (pkg: string, n: number) => n > 0 && byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n);
  // Bytes before the first mapping of each line, and lines with none, are webpack's own glue.
  let cursor = { line: 0, column: 0 };
  let owner = '(unmapped)';
  const end = { line: lines.length - 1, column: (lines.at(-1) ?? '').length, pkg: '' };
  for (const span of [...spans, end]) {
    for (let line = cursor.line; line <= span.line; line++) {
      const from = line === cursor.line ? cursor.column : 0;
      const to = line === span.line ? span.column : (lines[line] ?? '').length + 1;
      add(line === cursor.line ? owner : '(unmapped)', to - from);
    }
    cursor = { line: span.line, column: span.column };
    owner = span.pkg;
  }
  return byPackage;
}

/** A built file's source map: `<dist>-sourcemaps/<file>.map` beside the build, or `<file>.map` beside the file. */
function sourceMapOf(file: string): string | undefined {
  const hidden = path.join(`${path.dirname(file)}-sourcemaps`, `${path.basename(file)}.map`);
  return [hidden, `${file}.map`].find((candidate) => existsSync(candidate));
}

/**
 * Splits each loaded script by package. `fileOf` maps a script URL to the built file on disk
 * (undefined for scripts that are not ours).
 */
export function breakDown(
  scripts: LoadedScript[],
  fileOf: (url: string) => { label: string; file: string } | undefined,
): FileBreakdown[] {
  return scripts.map(({ url, bytes }) => {
    const where = fileOf(url);
    const packages = new Map<string, number>();
    const map = where && existsSync(where.file) ? sourceMapOf(where.file) : undefined;
    if (!where || !map) {
      packages.set('(no source map)', bytes);
      return { file: where?.label ?? url, bytes, packages };
    }
    const code = readFileSync(where.file, 'utf8');
    const minified = minifiedBytesByPackage(code, JSON.parse(readFileSync(map, 'utf8')) as never);
    const total = [...minified.values()].reduce((a, b) => a + b, 0);
    for (const [pkg, n] of minified) packages.set(pkg, (n / total) * bytes);
    return { file: where.label, bytes, packages };
  });
}

/** Package → bytes over all files, largest first. */
export function totalsByPackage(files: FileBreakdown[]): [string, number][] {
  const totals = new Map<string, number>();
  for (const f of files) for (const [pkg, n] of f.packages) totals.set(pkg, (totals.get(pkg) ?? 0) + n);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** Readable lines: one per file (largest packages inside), then the page's packages. */
export function formatBreakdown(files: FileBreakdown[], { top = 6, minBytes = 512 } = {}): string[] {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const out: string[] = [];
  for (const f of [...files].sort((a, b) => b.bytes - a.bytes)) {
    const inside = [...f.packages]
      .sort((a, b) => b[1] - a[1])
      .filter(([, n]) => n >= minBytes)
      .slice(0, top);
    out.push(
      `    ${f.file.padEnd(44)} ${kb(f.bytes).padStart(9)}   ${inside.map(([p, n]) => `${p} ${kb(n)}`).join(', ')}`,
    );
  }
  out.push('    by package:');
  for (const [pkg, n] of totalsByPackage(files).filter(([, n]) => n >= minBytes))
    out.push(`      ${pkg.padEnd(40)} ${kb(n).padStart(9)}`);
  return out;
}

/** For the bench: which app and file a URL of the local site is. */
export function localFileOf(ports: Record<string, number>, distDir: (app: never) => string) {
  const byPort = new Map(Object.entries(ports).map(([app, port]) => [String(port), app]));
  return (url: string) => {
    const u = new URL(url);
    const app = byPort.get(u.port);
    if (!app) return undefined;
    const name = decodeURIComponent(u.pathname).replace(/^\/+/, '');
    return { label: `${app}/${name}`, file: path.join(distDir(app as never), name) };
  };
}
