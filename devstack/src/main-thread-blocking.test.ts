import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mainThreadBlocking, type TraceEvent } from './main-thread-blocking';

const page = { pid: 7, tid: 7 };
const task = (ts: number, durMs: number, cpuMs: number, where = page): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...where,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});
const paint = (ts: number, where = page): TraceEvent => ({ name: 'firstContentfulPaint', ...where, ts });

test("the page's blocking after its first paint, from its thread time and from its wall time", () => {
  const blocking = mainThreadBlocking(
    [
      paint(1_000_000),
      task(500_000, 40, 40), // before the paint: not counted
      task(1_100_000, 30, 10), // wall 4×30−50 = 70; CPU 4×10−50 < 0
      task(1_200_000, 50, 25), // wall 150; CPU 50
      task(1_300_000, 10, 10), // neither
    ],
    4,
  );
  assert.deepEqual(blocking, { fromCpu: 50, fromWall: 220, wallToCpu: 90 / 45 });
});

test('only the painting thread, only the last paint, only top-level tasks, a straddling task from the paint', () => {
  const other = { pid: 9, tid: 9 };
  const blocking = mainThreadBlocking(
    [
      paint(100_000, other), // about:blank's paint, on another renderer
      paint(1_000_000),
      task(1_100_000, 100, 100, other), // another thread
      task(950_000, 100, 60), // half after the paint: wall 50 ms, CPU 30 ms
      task(960_000, 20, 20), // nested in the one before
    ],
    4,
  );
  assert.deepEqual(blocking, { fromCpu: 70, fromWall: 150, wallToCpu: 50 / 30 });
});

test('no first contentful paint or no thread times: no figure', () => {
  assert.equal(mainThreadBlocking([task(1, 100, 100)], 4), null);
  assert.equal(mainThreadBlocking([paint(0), { ...task(10, 100, 0), tdur: undefined }], 4), null);
});
