/**
 * Waiting for a slot of the global send rate (send-rate.ts: waitForSlot): never before the slot, and
 * a slot that comes too late, from a stalled timer or a slow answer of the database, given up once.
 * (The slots themselves, on both databases and across pools, are proven in test/mail-send-rate.it.ts.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForSlot, type SendRate } from './send-rate.ts';

/** A rate of one send per 50 ms whose database answers after `answerMs[i]` the i-th time, each slot due `waitMs` after it was taken. */
function rateAnswering(answerMs: number[], waitMs: number) {
  let reserved = 0;
  const rate: SendRate = {
    intervalMs: 50,
    async reserve() {
      // The slot is taken as the database gets the request; the answer travels back meanwhile.
      const answer = answerMs[Math.min(reserved++, answerMs.length - 1)]!;
      await sleep(answer);
      return { at: 0, waitMs: Math.max(0, waitMs - answer) };
    },
  };
  return { rate, reserved: () => reserved };
}

function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('waiting for a send slot', () => {
  it('waits until the slot and keeps a slot on time', async () => {
    const { rate, reserved } = rateAnswering([0], 80);
    const started = performance.now();
    await waitForSlot(rate);
    assert.ok(performance.now() - started >= 79, 'not before the slot');
    assert.equal(reserved(), 1);
  });

  it('gives up a slot whose answer came more than an interval late, once', async () => {
    // Taken for now; the database's answer arrives 120 ms later: the slot is already 120 ms past.
    const { rate, reserved } = rateAnswering([120, 120, 120], 0);
    await waitForSlot(rate);
    assert.equal(reserved(), 2, 'a fresh slot taken once, and that one kept however late');
  });

  it('gives up a slot whose timer fired more than an interval late', async () => {
    let reserved = 0;
    const rate: SendRate = {
      intervalMs: 50,
      async reserve() {
        // The first slot is due in 10 ms, and the event loop is then held for 90 ms.
        if (reserved++ === 0) setTimeout(() => holdEventLoop(90), 1);
        return { at: 0, waitMs: 10 };
      },
    };
    await waitForSlot(rate);
    assert.equal(reserved, 2);
  });

  it('stops waiting when told to', async () => {
    const stopping = new AbortController();
    const waiting = waitForSlot(rateAnswering([0], 10_000).rate, stopping.signal);
    stopping.abort();
    await assert.rejects(waiting, { name: 'AbortError' });
  });
});
