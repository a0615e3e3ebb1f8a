import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createReadCache } from './read-cache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('read cache', () => {
  it('answers repeated and concurrent reads with one query', async () => {
    const cache = createReadCache({ enabled: true, ttlSeconds: 60 });
    let queries = 0;
    const read = cache.define('n', async (id: number) => {
      queries++;
      await new Promise((r) => setTimeout(r, 5));
      return { id };
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => read(7)));
    assert.equal(queries, 1, '50 concurrent identical reads share one query');
    assert.ok(answers.every((a) => a === answers[0]));
    assert.equal(await read(7), answers[0], 'a later read is answered from memory');
    await read(8);
    assert.equal(queries, 2, 'other arguments are another entry');
  });

  it('reads again after a write, even when the read had started before the write', async () => {
    const cache = createReadCache({ enabled: true, ttlSeconds: 60 });
    let state = 'old';
    const started = deferred<void>();
    const gate = deferred<void>();
    let queries = 0;
    const read = cache.define('state', async (_: undefined) => {
      queries++;
      const seen = state; // the read's snapshot, taken before the write commits
      if (queries === 1) {
        started.resolve();
        await gate.promise;
      }
      return seen;
    });
    const racing = read(undefined);
    await started.promise;
    state = 'new'; // the write commits...
    cache.invalidate(); // ...and is answered
    gate.resolve();
    assert.equal(await racing, 'old', 'the racing read answers what it saw');
    assert.equal(await read(undefined), 'new', 'but its result is never served after the write');
    assert.equal(queries, 2);
  });

  it('lets results expire after the TTL, because "upcoming" moves with the clock', async () => {
    const cache = createReadCache({ enabled: true, ttlSeconds: 1 });
    let queries = 0;
    const read = cache.define('t', async (_: undefined) => ++queries);
    assert.equal(await read(undefined), 1);
    assert.equal(await read(undefined), 1);
    await new Promise((r) => setTimeout(r, 2100));
    assert.equal(await read(undefined), 2);
  });

  it('passes a failed read on and keeps nothing of it', async () => {
    const cache = createReadCache({ enabled: true, ttlSeconds: 60 });
    let calls = 0;
    const read = cache.define('f', async (_: undefined) => {
      calls++;
      if (calls === 1) throw new Error('database unavailable');
      return 'ok';
    });
    await assert.rejects(read(undefined), /database unavailable/);
    assert.equal(await read(undefined), 'ok');
  });

  it('is a pass-through when off (PostgreSQL), and refuses a name defined twice', async () => {
    const off = createReadCache({ enabled: false, ttlSeconds: 60 });
    let queries = 0;
    const read = off.define('x', async (_: undefined) => ++queries);
    await read(undefined);
    await read(undefined);
    assert.equal(queries, 2);
    const on = createReadCache({ enabled: true, ttlSeconds: 60 });
    on.define('y', async () => 1);
    assert.throws(() => on.define('y', async () => 2), /defined twice/);
  });
});
