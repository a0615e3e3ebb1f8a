/**
 * What of a Lighthouse run's Total Blocking Time is the page's own work, and what is the machine's.
 *
 * Lighthouse's simulation takes each main-thread task's wall time from its trace and multiplies it
 * by the phone's CPU slowdown (4): a task of `d` ms counts `4d − 50` ms of blocking. On a two-core
 * machine the page's main thread shares the cores with the browser and GPU processes (the GPU
 * process encodes a screenshot of every frame for the filmstrip), Lighthouse itself and the servers,
 * so a task's wall time is often several times the CPU time the thread spent in it: the same
 * build's TBT then moves by a factor of two between runs (docs/decisions.md, session 43). The
 * trace also records each task's thread time; the same sum over thread time is what the page
 * would block on a machine that ran nothing else, and the ratio of the two sums says how busy the
 * machine was. Both are printed beside Lighthouse's own figure; the goal stays Lighthouse's.
 */

/** The few fields of a Chromium trace event this reads. */
export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export interface MainThreadBlocking {
  /** Σ max(0, slowdown × thread CPU − 50) over the main thread's tasks after the first contentful paint, ms. */
  fromCpu: number;
  /** The same sum over the tasks' wall time (Lighthouse's input), ms. */
  fromWall: number;
  /** The tasks' wall time over their thread CPU: 1 when nothing else competed for the cores. */
  wallToCpu: number;
}

const longTaskMs = 50;

/**
 * The blocking of the page's main thread after its first contentful paint, from Lighthouse's trace
 * (`artifacts.Trace.traceEvents`): the thread is the one that reported the last first contentful
 * paint (Lighthouse loads `about:blank` first); a task that began before that paint counts from it,
 * its thread time in proportion. Null when the trace has no such paint or no thread times.
 */
export function mainThreadBlocking(events: readonly TraceEvent[], slowdown: number): MainThreadBlocking | null {
  const paints = events.filter((event) => event.name === 'firstContentfulPaint');
  const paint = paints.reduce<TraceEvent | undefined>(
    (last, event) => (!last || event.ts > last.ts ? event : last),
    undefined,
  );
  if (!paint) return null;
  // Only top-level tasks: a nested message loop's tasks are inside their parent's time already.
  const tasks = events
    .filter((task) => task.name === 'RunTask' && task.ph === 'X' && task.pid === paint.pid && task.tid === paint.tid)
    .sort((a, b) => a.ts - b.ts);
  let fromCpu = 0;
  let fromWall = 0;
  let wall = 0;
  let cpu = 0;
  let busyUntil = -Infinity;
  for (const task of tasks) {
    const dur = task.dur ?? 0;
    const end = task.ts + dur;
    if (task.ts < busyUntil) continue;
    busyUntil = end;
    if (end <= paint.ts || dur <= 0 || task.tdur === undefined) continue;
    const after = Math.min(1, (end - paint.ts) / dur);
    const wallMs = (dur * after) / 1000;
    const cpuMs = (task.tdur * after) / 1000;
    wall += wallMs;
    cpu += cpuMs;
    fromWall += Math.max(0, slowdown * wallMs - longTaskMs);
    fromCpu += Math.max(0, slowdown * cpuMs - longTaskMs);
  }
  if (cpu === 0) return null;
  return { fromCpu, fromWall, wallToCpu: wall / cpu };
}
