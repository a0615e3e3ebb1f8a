/**
 * Throughput of the same reads on two deployments, at 50 connections, in interleaved rounds
 * (baseline, candidate, baseline, candidate…) so background load on a shared machine hits both
 * sides alike: the production topology's budget (nginx and two replicas against one replica hit
 * directly, devstack/src/topology-bench.ts).
 */
import autocannon from 'autocannon';

export interface ReadFigures {
  /** Mean requests per second over the rounds. */
  rps: number;
  /** The worst round's p99, ms. */
  p99: number;
  /** Non-2xx answers, errors and timeouts: must be none. */
  failures: number;
}

export interface ReadComparison {
  path: string;
  baseline: ReadFigures;
  candidate: ReadFigures;
  /** candidate / baseline requests per second. */
  ratio: number;
}

async function measure(url: string, connections: number, seconds: number): Promise<ReadFigures> {
  const r = await autocannon({ url, connections, duration: seconds });
  return { rps: r.requests.average, p99: r.latency.p99, failures: r.non2xx + r.errors + r.timeouts };
}

function merge(list: ReadFigures[]): ReadFigures {
  return {
    rps: list.reduce((n, f) => n + f.rps, 0) / list.length,
    p99: Math.max(...list.map((f) => f.p99)),
    failures: list.reduce((n, f) => n + f.failures, 0),
  };
}

export async function compareReads(opts: {
  baseline: string;
  candidate: string;
  paths: string[];
  connections?: number;
  rounds?: number;
  roundSeconds?: number;
}): Promise<ReadComparison[]> {
  const { connections = 50, rounds = 3, roundSeconds = 4 } = opts;
  const rows: ReadComparison[] = [];
  for (const path of opts.paths) {
    // Warm-up: JIT, prepared statements, every replica's pool.
    await measure(opts.baseline + path, connections, 2);
    await measure(opts.candidate + path, connections, 2);
    const runs = { baseline: [] as ReadFigures[], candidate: [] as ReadFigures[] };
    for (let round = 0; round < rounds; round++) {
      runs.baseline.push(await measure(opts.baseline + path, connections, roundSeconds));
      runs.candidate.push(await measure(opts.candidate + path, connections, roundSeconds));
    }
    const baseline = merge(runs.baseline);
    const candidate = merge(runs.candidate);
    rows.push({ path, baseline, candidate, ratio: candidate.rps / baseline.rps });
  }
  return rows;
}
