/**
 * Reads the `--cpu-prof` file a bench server wrote on exit and says where its CPU went, per request:
 * by package and by function (self time). Used by the profiler (profile.ts) and the rush (rush.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The report's lines: the top packages and functions by self time, in µs per request. */
export function cpuPerRequest(profDir: string, requests: number, { packages = 20, functions = 30 } = {}): string[] {
  const profile = JSON.parse(readFileSync(join(profDir, readdirSync(profDir)[0]!), 'utf8')) as CpuProfile;
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const micros = selfTime.get(node.id) ?? 0;
    const where = (node.callFrame.url || '(native)')
      .replace(/.*node_modules\/\.pnpm\//, '')
      .replace(/\/node_modules\/.*?\//, ' ');
    const pkg = where.split('/').slice(0, 2).join('/');
    const fn = `${node.callFrame.functionName || '(anonymous)'}  ${where.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber}`;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${(v / requests).toFixed(1).padStart(7)} µs  ${k}`);
  return [
    '',
    'CPU per request by package:',
    ...top(byPackage, packages),
    '',
    'CPU per request by function:',
    ...top(byFunction, functions),
  ];
}
